//! An entrant of an event: a name and the command that starts its program.

use std::path::Path;

/// A player of the event: a name and the command that starts it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub name: String,
    pub command: Vec<String>,
}

impl Entrant {
    /// `NAME=COMMAND ARGS` or just `COMMAND ARGS` (named after the program). The command is
    /// split into words as a POSIX shell splits them, so a path or an argument with spaces
    /// is given in quotes: `'/opt/my engines/tengen' --tune 'rave=800'`.
    pub fn parse(spec: &str) -> Result<Entrant, String> {
        let named = spec.split_once('=').filter(|(name, _)| {
            !name.is_empty() && !name.contains(|c: char| c.is_whitespace() || "'\"\\".contains(c))
        });
        let command_text = named.map_or(spec, |(_, command)| command);
        let command = shlex::split(command_text)
            .ok_or_else(|| format!("unbalanced quotes in {command_text}"))?;
        let program = command.first().ok_or("no command")?;
        let name = match named {
            Some((name, _)) => name.to_string(),
            None => Path::new(program)
                .file_name()
                .ok_or_else(|| format!("{program} names no program"))?
                .to_string_lossy()
                .to_string(),
        };
        Ok(Entrant { name, command })
    }

    /// The command as `parse` reads it back: a word with a space or a character a shell
    /// reads specially is quoted, the others stand as they are (so the commands of events
    /// started before quoting was read stay the same text, and resume).
    pub fn command_line(&self) -> String {
        let word = |w: &String| {
            let plain =
                !w.is_empty() && !w.contains(|c: char| c.is_whitespace() || "'\"\\$`".contains(c));
            if plain {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        };
        self.command.iter().map(word).collect::<Vec<_>>().join(" ")
    }
}

/// Gives entrants with the same name a number: `gnugo`, `gnugo-2`.
pub fn unique_names(entrants: &mut [Entrant]) {
    for i in 1..entrants.len() {
        let base = entrants[i].name.clone();
        let mut k = 1;
        while entrants[..i].iter().any(|e| e.name == entrants[i].name) {
            k += 1;
            entrants[i].name = format!("{base}-{k}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entrants_are_named_by_the_user_or_after_their_program() {
        let e = Entrant::parse("strong=/usr/bin/tengen --playouts 100").unwrap();
        assert_eq!(e.name, "strong");
        assert_eq!(e.command, vec!["/usr/bin/tengen", "--playouts", "100"]);
        let mut list = vec![
            Entrant::parse("/usr/games/gnugo --mode gtp --level 1").unwrap(),
            Entrant::parse("/usr/games/gnugo --mode gtp --level 10").unwrap(),
        ];
        unique_names(&mut list);
        assert_eq!(
            (list[0].name.as_str(), list[1].name.as_str()),
            ("gnugo", "gnugo-2")
        );
        // An `=` inside the arguments is no name.
        let e = Entrant::parse("prog --opt=1").unwrap();
        assert_eq!((e.name.as_str(), e.command.len()), ("prog", 2));
        assert!(Entrant::parse("  ").is_err());
        assert!(Entrant::parse("a='b").is_err(), "unbalanced quotes");
    }

    #[test]
    fn quoted_paths_and_arguments_keep_their_spaces() {
        let e =
            Entrant::parse("'/opt/my engines/tengen' --playouts 50 --tune \"rave=800\"").unwrap();
        assert_eq!(e.name, "tengen");
        assert_eq!(
            e.command,
            [
                "/opt/my engines/tengen",
                "--playouts",
                "50",
                "--tune",
                "rave=800"
            ]
        );
        let e = Entrant::parse("fast=\"/opt/my engines/tengen\" --playouts 'fifty two'").unwrap();
        assert_eq!(
            Entrant::parse(&e.command_line()).unwrap().command,
            e.command
        );
        assert_eq!(e.name, "fast");
        assert_eq!(
            e.command,
            ["/opt/my engines/tengen", "--playouts", "fifty two"]
        );
        // An escaped space, as a shell reads it.
        let e = Entrant::parse("/opt/my\\ engines/gnugo --mode gtp").unwrap();
        assert_eq!(
            (e.name.as_str(), e.command[0].as_str()),
            ("gnugo", "/opt/my engines/gnugo")
        );
    }
}
