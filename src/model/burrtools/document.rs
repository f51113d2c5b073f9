//! A BurrTools puzzle file (`.xmpuzzle`, gzip-compressed XML, or plain XML) read
//! into plain data: its grid, shapes and problems. What the data means for a
//! packing is decided in the parent module.

use super::solutions::{SavedSolution, SeparationReader, parse_assembly, parse_separation_info};
use flate2::read::MultiGzDecoder;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use std::io::Read;

/// A shape: its name, if it has one, and every cell that is filled (`#`) or
/// variable (`+`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub name: Option<String>,
    pub cells: Vec<Voxel>,
    /// Of two sides of a move, the one with the heaviest piece is shown staying
    /// put (0 when the file gives none).
    pub weight: i32,
}

/// A cell of a shape, in the voxel coordinates of the file's grid; colour 0
/// is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voxel {
    pub at: [i32; 3],
    pub variable: bool,
    pub colour: u32,
}

/// How many copies of a shape a problem uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    pub shape: usize,
    pub min: usize,
    pub max: usize,
    /// Pieces of one non-zero group may stay together when the assembly is
    /// taken apart (0 for none).
    pub group: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    pub name: Option<String>,
    pub pieces: Vec<Use>,
    pub result: Option<usize>,
    /// Colour permissions (`<pair piece="P" result="Q"/>`) as colour numbers
    /// from 1: a piece cell of colour P + 1 may cover a result cell of colour
    /// Q + 1.
    pub colour_pairs: Vec<(u32, u32)>,
    /// What BurrTools recorded: assemblies, and those that come apart.
    pub assemblies: Option<u64>,
    pub solutions: Option<u64>,
    /// The solutions saved with the problem, when they were read.
    pub saved: Vec<SavedSolution>,
    /// How many solutions the problem saves, whether read or not.
    pub saved_count: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Document {
    /// The grid's type number, as the file writes it (0 for cubes).
    pub grid: Option<i64>,
    /// How many colours `<colors>` defines, numbered from 1.
    pub colours: u32,
    pub shapes: Vec<Shape>,
    pub problems: Vec<Problem>,
}

/// Largest side of a shape's box: BurrTools' own grids are far smaller.
const MAX_SIDE: i64 = 1000;

/// Largest number of cells in a shape's box, so that a hostile file cannot ask
/// for gigabytes.
const MAX_VOXELS: i64 = 1 << 22;

/// What one file may hold at the most, so that a small hostile file cannot
/// ask for gigabytes before an answer or an error: every limit far past any
/// real puzzle's, each named by the error that reports it.
struct Budget {
    /// Bytes of XML a gzip-compressed file unpacks to.
    unpacked: u64,
    /// How deep elements nest (separations nest once per piece).
    depth: usize,
    /// Cells in the boxes of all the shapes together.
    cells: i64,
    /// Entries (a placement, or `x`) in all the saved assemblies together.
    saved_entries: usize,
}

const BUDGET: Budget = Budget {
    unpacked: 256 << 20,
    depth: 1000,
    cells: 1 << 23,
    saved_entries: 1 << 22,
};

/// Whether to read the solutions a file saves (only `disassemble` needs
/// them: a count skips their text, however many there are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    Read,
    Skip,
}

/// Reads the file's bytes: gzip if they start with gzip's magic number (every
/// member of it, as `zcat` does), plain XML otherwise; the text in UTF-8, or
/// in Latin-1 as BurrTools writes names and comments.
pub fn read(bytes: &[u8], saved: Saved) -> Result<Document, String> {
    let unpacked;
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        MultiGzDecoder::new(bytes)
            .take(BUDGET.unpacked + 1)
            .read_to_end(&mut out)
            .map_err(|e| {
                format!("a gzip-compressed BurrTools file, but it does not unpack (cut off?): {e}")
            })?;
        if out.len() as u64 > BUDGET.unpacked {
            return Err(format!(
                "a file that unpacks to at most {} MiB (the most puzzlesat reads), but this one unpacks to more",
                BUDGET.unpacked >> 20
            ));
        }
        unpacked = out;
        &unpacked[..]
    } else {
        bytes
    };
    let starts = bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace() && !matches!(b, 0xef | 0xbb | 0xbf));
    if starts != Some(&b'<') {
        return Err("a BurrTools file (gzip-compressed or plain XML), but it is neither".into());
    }
    parse(&decoded(bytes)?, saved)
}

/// The file's text in the encoding its XML declaration names: UTF-8 (the
/// default), or Latin-1 (ISO-8859-1, as BurrTools writes names and
/// comments; Windows-1252 read as Latin-1, which differs only in the
/// bytes 0x80 to 0x9F). A file that
/// names no encoding and is not UTF-8 is read as Latin-1, as BurrTools
/// writes it; an encoding this reader does not know is refused.
fn decoded(bytes: &[u8]) -> Result<std::borrow::Cow<'_, str>, String> {
    let latin1 = || -> std::borrow::Cow<'_, str> {
        // Every byte is the character of that number.
        bytes
            .iter()
            .map(|&b| char::from(b))
            .collect::<String>()
            .into()
    };
    match declared_encoding(bytes).as_deref() {
        None => Ok(std::str::from_utf8(bytes).map_or_else(|_| latin1(), Into::into)),
        Some("utf-8" | "utf8") => std::str::from_utf8(bytes).map(Into::into).map_err(|e| {
            format!(
                "UTF-8 text, as its XML declaration says, but byte {} is not",
                e.valid_up_to()
            )
        }),
        Some(
            "iso-8859-1" | "latin1" | "latin-1" | "iso8859-1" | "windows-1252" | "cp1252"
            | "us-ascii" | "ascii",
        ) => Ok(latin1()),
        Some(other) => Err(format!(
            "text in UTF-8 or ISO-8859-1 (Latin-1), but its XML declaration names {other:?}"
        )),
    }
}

/// The encoding an XML declaration (`<?xml ... encoding="..."?>`) at the
/// start of `bytes` names, in lower case; `None` when it names none.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let start = bytes.iter().position(|&b| b == b'<')?;
    let head = &bytes[start..];
    if !head.starts_with(b"<?xml") {
        return None;
    }
    let end = head.iter().position(|&b| b == b'>')?;
    let declaration = String::from_utf8_lossy(&head[..end]);
    let after = &declaration[declaration.find("encoding")? + "encoding".len()..];
    let after = after.trim_start().strip_prefix('=')?.trim_start();
    let quote = after.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let value = &after[1..];
    Some(value[..value.find(quote)?].to_ascii_lowercase())
}

/// The elements whose text is read, collected across the text, CDATA and
/// references an XML writer may split it into.
const TEXT_ELEMENTS: [&str; 4] = ["voxel", "assembly", "separationInfo", "pieces"];

fn parse(text: &str, saved: Saved) -> Result<Document, String> {
    let mut reader = Reader::from_str(text);
    let mut doc = Document::default();
    let mut path: Vec<String> = Vec::new();
    let mut seen_puzzle = false;
    let mut closed_puzzle = false;
    let mut cells = 0i64;
    let mut saved_entries = 0usize;
    // The voxel being read: its box, name and weight, until its text ends.
    let mut voxel: Option<([i64; 3], Option<String>, i32)> = None;
    // The text of the innermost element of TEXT_ELEMENTS, as it comes.
    let mut content = String::new();
    let mut separations = SeparationReader::default();
    loop {
        let event = reader.read_event().map_err(|e| {
            format!(
                "well-formed XML, but at byte {}: {e}",
                reader.buffer_position()
            )
        })?;
        let (e, opens) = match event {
            Event::Start(e) => (e, true),
            Event::Empty(e) => (e, false),
            Event::Text(t) => {
                content.push_str(&t.xml10_content());
                continue;
            }
            Event::CData(t) => {
                content.push_str(&t);
                continue;
            }
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => quick_xml::escape::resolve_predefined_entity(&r)
                        .ok_or_else(|| format!("a known XML entity, got &{};", &*r))?
                        .to_string(),
                };
                content.push_str(&resolved);
                continue;
            }
            Event::End(_) => {
                let closed = path.pop();
                match closed.as_deref() {
                    Some("voxel") if path.len() == 2 => {
                        finish_voxel(&mut doc, &mut voxel, &content)?;
                    }
                    Some(element @ ("assembly" | "separationInfo")) if saved == Saved::Read => {
                        if let Some((number, solution)) = saved_solution(&mut doc, &path) {
                            let read = if element == "assembly" {
                                parse_assembly(&content).map(|p| {
                                    saved_entries = saved_entries.saturating_add(p.len());
                                    solution.placements = p;
                                })
                            } else {
                                parse_separation_info(&content)
                                    .map(|tree| solution.separation = Some(tree))
                            };
                            read.map_err(|e| format!("saved solution {number}: {e}"))?;
                            if saved_entries > BUDGET.saved_entries {
                                return Err(format!(
                                    "saved assemblies of at most {} entries in all (the most puzzlesat reads), but saved solution {number} passes that",
                                    BUDGET.saved_entries
                                ));
                            }
                        }
                    }
                    Some("pieces") if saved == Saved::Read => {
                        let number = saved_solution(&mut doc, &path).map_or(0, |(n, _)| n);
                        separations
                            .pieces(&content)
                            .map_err(|e| format!("saved solution {number}: {e}"))?;
                    }
                    Some("separation") if saved == Saved::Read => {
                        end_separation(&mut doc, &path, &mut separations)?;
                    }
                    Some("puzzle") if path.is_empty() => closed_puzzle = true,
                    _ => {}
                }
                content.clear();
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let name = e.name().as_ref().to_string();
        let parent = path.last().map(String::as_str);
        if TEXT_ELEMENTS.contains(&name.as_str()) {
            content.clear();
        }
        match (parent, name.as_str()) {
            (None, "puzzle") => seen_puzzle = true,
            (Some("puzzle"), "gridType") => doc.grid = Some(number(&e, "type")?.unwrap_or(0)),
            (Some("shapes"), "voxel") if path.len() == 2 => {
                let at = voxel_box(&e, doc.shapes.len())?;
                cells = cells.saturating_add(at.iter().product::<i64>());
                if cells > BUDGET.cells {
                    return Err(format!(
                        "shapes of at most {} cells in their boxes together (the most puzzlesat reads), but shape S{} passes that",
                        BUDGET.cells,
                        doc.shapes.len() + 1
                    ));
                }
                voxel = Some((at, text_attr(&e, "name")?, weight(&e, doc.shapes.len())?));
                if !opens {
                    finish_voxel(&mut doc, &mut voxel, "")?;
                }
            }
            (Some("problems"), "problem") => doc.problems.push(Problem {
                name: text_attr(&e, "name")?,
                assemblies: count(&e, "assemblies")?,
                solutions: count(&e, "solutions")?,
                ..Problem::default()
            }),
            (Some("shapes"), "shape") if path.len() == 4 => {
                let problem = doc
                    .problems
                    .last_mut()
                    .ok_or("a problem for each <shape>")?;
                problem.pieces.push(piece_use(&e)?);
            }
            (Some("problem"), "result") => {
                let problem = doc
                    .problems
                    .last_mut()
                    .ok_or("a problem for each <result>")?;
                let id = number(&e, "id")?.ok_or("an id on <result>")?;
                if id < 0 {
                    return Err(format!("a result shape id from 0, got {id}"));
                }
                problem.result = Some(id as usize);
            }
            (Some("solutions"), "solution") => {
                let problem = doc
                    .problems
                    .last_mut()
                    .ok_or("a problem for each <solution>")?;
                problem.saved_count += 1;
                if saved == Saved::Read {
                    problem.saved.push(SavedSolution {
                        assembly_number: count(&e, "asmNum")?,
                        ..SavedSolution::default()
                    });
                }
            }
            (Some("solution" | "separation"), "separation") if saved == Saved::Read => {
                separations
                    .open(text_attr(&e, "type")?.as_deref())
                    .map_err(|err| {
                        let number = saved_solution(&mut doc, &path).map_or(0, |(n, _)| n);
                        format!("saved solution {number}: {err}")
                    })?;
                if !opens {
                    end_separation(&mut doc, &path, &mut separations)?;
                }
            }
            (Some("separation"), "state") if saved == Saved::Read => separations.state(),
            (Some("colors"), "color") => doc.colours = doc.colours.saturating_add(1),
            (Some("bitmap"), "pair") => {
                let colour = |key| -> Result<u32, String> {
                    let n = number(&e, key)?
                        .ok_or_else(|| format!("a {key} attribute on each colour <pair>"))?;
                    u32::try_from(n)
                        .ok()
                        .filter(|&n| n < u32::MAX)
                        .map(|n| n + 1)
                        .ok_or_else(|| format!("a colour pair's {key} from 0, got {n}"))
                };
                let pair = (colour("piece")?, colour("result")?);
                let problem = doc
                    .problems
                    .last_mut()
                    .ok_or("a problem for each colour <pair>")?;
                problem.colour_pairs.push(pair);
            }
            _ => {}
        }
        if opens {
            path.push(name);
            if path.len() > BUDGET.depth {
                return Err(format!(
                    "XML nested at most {} elements deep (the most puzzlesat reads), but this file nests deeper",
                    BUDGET.depth
                ));
            }
        }
    }
    if !seen_puzzle {
        return Err("a BurrTools file: XML with a <puzzle> element".into());
    }
    if !closed_puzzle || !path.is_empty() {
        return Err(format!(
            "a whole BurrTools file, but it ends inside its <{}> element (cut off?)",
            path.last().map_or("puzzle", String::as_str)
        ));
    }
    Ok(doc)
}

/// The solution being read and its number among its problem's (from 1), when
/// `path` is inside one.
fn saved_solution<'d>(
    doc: &'d mut Document,
    path: &[String],
) -> Option<(usize, &'d mut SavedSolution)> {
    if !path.iter().any(|p| p == "solution") {
        return None;
    }
    let saved = &mut doc.problems.last_mut()?.saved;
    let number = saved.len();
    saved.last_mut().map(|s| (number, s))
}

/// A `<separation>` closed: the whole saved separation of the solution being
/// read when it was the outermost one.
fn end_separation(
    doc: &mut Document,
    path: &[String],
    separations: &mut SeparationReader,
) -> Result<(), String> {
    let number = saved_solution(doc, path).map_or(0, |(n, _)| n);
    let closed = separations
        .close()
        .map_err(|e| format!("saved solution {number}: {e}"))?;
    if let Some(tree) = closed {
        let (_, solution) =
            saved_solution(doc, path).ok_or("a <solution> for each <separation>")?;
        solution.separation = Some(tree);
        solution.named_pieces = separations.take_named();
    }
    Ok(())
}

/// The box of a `<voxel>`: sides `x`, `y`, `z`, within the limits.
fn voxel_box(e: &BytesStart, index: usize) -> Result<[i64; 3], String> {
    let size = [number(e, "x")?, number(e, "y")?, number(e, "z")?].map(|n| n.unwrap_or(-1));
    if size.iter().any(|&s| !(0..=MAX_SIDE).contains(&s))
        || size.iter().product::<i64>() > MAX_VOXELS
    {
        return Err(format!(
            "shape S{} with a box of sides 0 to {MAX_SIDE} (x, y, z), at most {MAX_VOXELS} cells, got {size:?}",
            index + 1
        ));
    }
    let shape_type = number(e, "type")?.unwrap_or(0);
    if shape_type != 0 {
        return Err(format!(
            "shapes of voxel type 0 (the only type BurrTools writes), got type {shape_type} for shape S{}",
            index + 1
        ));
    }
    Ok(size)
}

/// A problem's `<shape id= count=/>` or `<shape id= min= max=/>`.
fn piece_use(e: &BytesStart) -> Result<Use, String> {
    let shape = number(e, "id")?.ok_or("an id on every <shape> of a problem")?;
    let (min, max) = match (number(e, "count")?, number(e, "min")?, number(e, "max")?) {
        (Some(c), _, _) => (c, c),
        (None, Some(lo), Some(hi)) => (lo, hi),
        (None, None, None) => (1, 1),
        _ => {
            return Err(format!(
                "both min and max, or count, on the <shape id=\"{shape}\"> of a problem"
            ));
        }
    };
    if shape < 0 || min < 0 || max < min || max > MAX_VOXELS {
        return Err(format!(
            "a shape id and copies 0 <= min <= max, got id {shape}, min {min}, max {max}"
        ));
    }
    let group = match number(e, "group")? {
        None => 0,
        Some(g) if (0..=i64::from(u32::MAX)).contains(&g) => g as u32,
        Some(g) => {
            return Err(format!(
                "a group number from 0 on the <shape id=\"{shape}\"> of a problem, got {g}"
            ));
        }
    };
    Ok(Use {
        shape: shape as usize,
        min: min as usize,
        max: max as usize,
        group,
    })
}

/// A shape's `weight`, if it has one.
fn weight(e: &BytesStart, index: usize) -> Result<i32, String> {
    match number(e, "weight")? {
        None => Ok(0),
        Some(w) => i32::try_from(w).map_err(|_| {
            format!(
                "shape S{}: a weight between {} and {}, got {w}",
                index + 1,
                i32::MIN,
                i32::MAX
            )
        }),
    }
}

/// Turns a voxel's STATE (one character per cell, x fastest, then y, then z: `_`
/// empty, `#` filled, `+` variable, each optionally followed by a colour number)
/// into its cells.
fn finish_voxel(
    doc: &mut Document,
    voxel: &mut Option<([i64; 3], Option<String>, i32)>,
    state: &str,
) -> Result<(), String> {
    let Some(([sx, sy, sz], name, weight)) = voxel.take() else {
        return Ok(());
    };
    let index = doc.shapes.len() + 1;
    let mut cells = Vec::new();
    let mut chars = state.chars().peekable();
    let mut at = 0i64;
    while let Some(c) = chars.next() {
        let variable = match c {
            '_' => None,
            '#' => Some(false),
            '+' => Some(true),
            c if c.is_whitespace() => continue,
            other => {
                return Err(format!(
                    "shape S{index}: cells written as '_', '#' or '+' (each maybe with a colour number), got {other:?}"
                ));
            }
        };
        let mut digits = String::new();
        while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
            chars.next();
            digits.push(d);
        }
        let colour = match digits.as_str() {
            "" => 0,
            written => written.parse::<u32>().map_err(|_| {
                format!("shape S{index}: colour numbers as the file defines them, got {written}")
            })?,
        };
        if let Some(variable) = variable {
            let (x, y, z) = (
                at % sx.max(1),
                at / sx.max(1) % sy.max(1),
                at / (sx.max(1) * sy.max(1)),
            );
            cells.push(Voxel {
                at: [x as i32, y as i32, z as i32],
                variable,
                colour,
            });
        }
        at += 1;
    }
    if at != sx * sy * sz {
        return Err(format!(
            "shape S{index}: {} cells ({sx} x {sy} x {sz}), got {at}",
            sx * sy * sz
        ));
    }
    doc.shapes.push(Shape {
        name,
        cells,
        weight,
    });
    Ok(())
}

/// An attribute as a whole number, if present.
fn number(e: &BytesStart, key: &str) -> Result<Option<i64>, String> {
    match text_attr(e, key)? {
        None => Ok(None),
        Some(v) => v.trim().parse().map(Some).map_err(|_| {
            format!(
                "a whole number for {key}= on <{}>, got {v:?}",
                e.name().as_ref()
            )
        }),
    }
}

/// An attribute that counts something, if present: a whole number from 0.
fn count(e: &BytesStart, key: &str) -> Result<Option<u64>, String> {
    match number(e, key)? {
        Some(n) if n < 0 => Err(format!("a count from 0 for {key}=, got {n}")),
        n => Ok(n.map(|n| n as u64)),
    }
}

/// An attribute's text, if present.
fn text_attr(e: &BytesStart, key: &str) -> Result<Option<String>, String> {
    for attr in e.attributes() {
        let attr = attr.map_err(|err| format!("well-formed XML attributes: {err}"))?;
        if attr.key.as_ref() == key {
            let value = attr
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map_err(|err| format!("well-formed XML attributes: {err}"))?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}
