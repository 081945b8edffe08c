//! Extensions and housekeeping outside the spec's groups: KGS's rule names, the superko rule, `quit`.

use super::*;

impl Engine {
    /// `kgs-rules name`: tengen always counts by the Chinese rules; other rule sets are
    /// accepted (kgsGtp ignores the answer) and logged.
    pub(in crate::gtp) fn kgs_rules(&mut self, args: &[&str]) -> Reply {
        let name = args.first().ok_or(GtpError::Syntax)?;
        if !name.eq_ignore_ascii_case("chinese") {
            log::warn!(
                "kgs-rules {}: tengen keeps Chinese area counting",
                args.join(" ")
            );
        }
        Ok(String::new())
    }

    /// `tengen-superko [situational|positional]`: shows or sets the repetition rule of `play`.
    pub(in crate::gtp) fn superko(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=1)?;
        if let Some(name) = args.first() {
            let kind = Superko::from_name(name).ok_or(GtpError::Syntax)?;
            self.game.set_superko(kind);
            self.config.superko = kind;
        }
        Ok(self.game.superko().name().into())
    }

    /// `tengen-level [N]`: shows or sets the strength, 1 (a beginner) to 10 (full strength at
    /// the budget given), for bot operators and for people who want an opponent of their
    /// own level. A level out of range is refused and the level stays.
    pub(in crate::gtp) fn level(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=1)?;
        if let Some(value) = args.first() {
            let mut settings = self.player.settings().clone();
            crate::player::setting::set(&mut settings, "level", value)
                .map_err(GtpError::OutOfRange)?;
            self.player.set_settings(settings);
        }
        Ok(self.player.settings().level.to_string())
    }

    /// `quit`: answers, then the loop ends; never fails.
    pub(in crate::gtp) fn quit(&mut self, _: &[&str]) -> Reply {
        self.quit = true;
        Ok(String::new())
    }
}
