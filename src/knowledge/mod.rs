//! Move knowledge, shared by the search's priors and the playouts: the features of a move,
//! their learned weights, 3×3 shapes, ladder reading, the vital points of eye spaces and the status of strings at the end of
//! a game (dead, alive, seki).

pub mod candidates;
pub mod factors;
pub mod features;
pub mod ladder;
pub mod layers;
pub mod nakade;
pub mod network;
pub mod pattern;
pub mod spatial;
pub mod status;
pub mod value;
pub mod weight_file;
pub mod weights;

#[cfg(test)]
mod tests {
    /// Each module's source without its tests.
    const MODULES: [(&str, &str); 14] = [
        ("candidates", include_str!("candidates.rs")),
        ("factors", include_str!("factors.rs")),
        ("features", include_str!("features.rs")),
        ("ladder", include_str!("ladder.rs")),
        ("layers", include_str!("layers.rs")),
        ("nakade", include_str!("nakade.rs")),
        ("network", include_str!("network.rs")),
        ("pattern", include_str!("pattern.rs")),
        ("spatial", include_str!("spatial.rs")),
        ("status", include_str!("status.rs")),
        ("value", include_str!("value.rs")),
        ("weight_file", include_str!("weight_file.rs")),
        ("weights", include_str!("weights.rs")),
        ("mod", include_str!("mod.rs")),
    ];

    /// The modules of this folder that `source` names, outside its tests.
    fn uses(source: &str) -> Vec<&'static str> {
        let code = source.split("#[cfg(test)]").next().unwrap_or(source);
        let named = |name: &str| {
            ["super::", "knowledge::"].iter().any(|prefix| {
                let path = format!("{prefix}{name}");
                code.match_indices(&path).any(|(at, _)| {
                    let next = code[at + path.len()..].chars().next();
                    !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
                }) || code.contains(&format!("{prefix}{{")) && braced(code, prefix, name)
            })
        };
        (MODULES.iter().map(|m| m.0))
            .filter(|&name| name != "mod" && named(name))
            .collect()
    }

    /// Whether a `prefix{…}` group of `code` lists `name`.
    fn braced(code: &str, prefix: &str, name: &str) -> bool {
        code.match_indices(&format!("{prefix}{{"))
            .any(|(at, open)| {
                let rest = &code[at + open.len()..];
                let group = &rest[..rest.find('}').unwrap_or(rest.len())];
                group
                    .split(',')
                    .any(|item| item.trim().split("::").next() == Some(name))
            })
    }

    /// The move knowledge is a chain, not a web: no module reaches itself through the
    /// modules it uses (once `features` → `spatial` → `weights` → `features`).
    #[test]
    fn the_knowledge_modules_use_each_other_without_a_cycle() {
        let graph: Vec<(&str, Vec<&str>)> = (MODULES.iter())
            .filter(|m| m.0 != "mod")
            .map(|&(name, source)| (name, uses(source)))
            .collect();
        let edges = |name: &str| &graph.iter().find(|g| g.0 == name).unwrap().1;
        assert!(
            edges("weights").contains(&"features"),
            "the reading sees uses"
        );
        assert!(edges("spatial").contains(&"factors"), "and uses in braces");
        for &(start, _) in &graph {
            let mut path = vec![start];
            let mut stack = vec![(start, 0)];
            while let Some((at, next)) = stack.pop() {
                let Some(&to) = edges(at).get(next) else {
                    path.pop();
                    continue;
                };
                stack.push((at, next + 1));
                assert!(to != start, "a cycle: {} → {start}", path.join(" → "));
                if !path.contains(&to) {
                    path.push(to);
                    stack.push((to, 0));
                }
            }
        }
    }
}
