//! The documents a new user reads first say true things about the
//! repository: their links lead to files that exist, and the README names
//! everything `scripts/test` installs.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The relative link targets of a markdown text (`[text](target)`), without
/// their `#anchor`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or("").trim();
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            out.push(target.to_string());
        }
        rest = &rest[end..];
    }
    out
}

#[test]
fn every_relative_link_in_the_readme_and_docs_leads_to_a_file() {
    let mut files = vec![root().join("README.md")];
    for e in std::fs::read_dir(root().join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            files.push(p);
        }
    }
    let mut broken = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for l in links(&text) {
            if !f.parent().unwrap().join(&l).exists() {
                broken.push(format!("{}: {l}", f.display()));
            }
        }
    }
    assert!(broken.is_empty(), "links to nothing:\n{}", broken.join("\n"));
}

#[test]
fn the_rules_page_does_not_send_readers_to_a_folder_the_repository_lacks() {
    let rules = std::fs::read_to_string(root().join("docs/RULES.md")).unwrap();
    let first = rules.lines().take(6).collect::<Vec<_>>().join("\n");
    assert!(first.contains("seeds/"), "{first}");
    assert!(!root().join("docs/seeds").exists());
    assert!(!first.contains("in `seeds/` beside this file"), "{first}");
}

#[test]
fn the_readme_names_every_package_scripts_test_installs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let setup = std::fs::read_to_string(root().join("scripts/setup-test-deps")).unwrap();
    let mut packages = Vec::new();
    for line in setup.lines().filter(|l| l.contains("apt-get install")) {
        let after = line.split("apt-get install").nth(1).unwrap();
        packages.extend(
            after.split_whitespace().filter(|w| !w.starts_with('-') && !w.starts_with('>')).map(str::to_string),
        );
    }
    assert!(packages.len() >= 4, "{packages:?}");
    for p in ["playwright-core", "gnubg-nn", "cargo-fuzz"] {
        packages.push(p.to_string());
    }
    let missing: Vec<_> = packages.iter().filter(|p| !readme.contains(&format!("`{p}`"))).collect();
    assert!(missing.is_empty(), "the README does not name {missing:?}");
    assert!(readme.contains("apt-get") && readme.contains("sudo"), "nor how they are installed");
}
