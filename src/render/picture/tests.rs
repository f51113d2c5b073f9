use super::{PictureFormat, ink};
use std::path::Path;

#[test]
fn formats_follow_the_extension() {
    assert_eq!(
        PictureFormat::of(Path::new("a.svg")),
        Some(PictureFormat::Svg)
    );
    assert_eq!(
        PictureFormat::of(Path::new("a.HTML")),
        Some(PictureFormat::Html)
    );
    assert_eq!(PictureFormat::of(Path::new("a.png")), None);
    assert_eq!(PictureFormat::of(Path::new("svg")), None);
}

#[test]
fn ink_contrasts_with_the_background() {
    assert_eq!(ink("#332288"), "#ffffff");
    assert_eq!(ink("#EEDD88"), "#000000");
}
