//! The elements of an SVG document, read with a real XML parser: what the
//! picture tests check pictures against. Nothing here uses the library: the
//! integration tests include this file too, as it is.
#![allow(dead_code)]

use quick_xml::Reader;
use quick_xml::events::Event;
use std::collections::HashMap;

/// Every element of a well-formed document, as its name and attributes.
pub fn elements(svg: &str) -> Vec<(String, HashMap<String, String>)> {
    let mut reader = Reader::from_str(svg);
    let mut out = Vec::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name().as_ref().to_string();
                let attributes = e
                    .attributes()
                    .map(|a| {
                        let a = a.expect("well-formed attribute");
                        (
                            a.key.as_ref().to_string(),
                            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                                .unwrap()
                                .to_string(),
                        )
                    })
                    .collect();
                out.push((name, attributes));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

pub fn with_class<'a>(
    elements: &'a [(String, HashMap<String, String>)],
    class: &str,
) -> Vec<&'a HashMap<String, String>> {
    elements
        .iter()
        .filter(|(_, a)| a.get("class").is_some_and(|c| c == class))
        .map(|(_, a)| a)
        .collect()
}
