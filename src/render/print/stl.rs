//! Binary STL: an 80-byte header, the number of triangles, and per triangle
//! its normal, its three corners (little-endian 32-bit floats) and two
//! bytes nobody reads.

use super::{Mesh, normal};

/// The mesh as a binary STL file, `name` in its header.
pub fn stl_bytes(name: &str, mesh: &Mesh) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(84 + 50 * mesh.triangles.len());
    let mut header = format!("puzzlesat: {name}").into_bytes();
    // Cut to 80 bytes; it never starts with "solid", which would read as
    // text STL.
    header.resize(80, b' ');
    bytes.extend_from_slice(&header);
    let count = u32::try_from(mesh.triangles.len()).unwrap_or(u32::MAX);
    bytes.extend_from_slice(&count.to_le_bytes());
    for t in mesh.triangles.iter().take(count as usize) {
        for v in std::iter::once(normal(*t)).chain(t.iter().copied()) {
            for x in v {
                bytes.extend_from_slice(&(x as f32).to_le_bytes());
            }
        }
        bytes.extend_from_slice(&[0, 0]);
    }
    bytes
}
