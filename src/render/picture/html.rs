//! The HTML page: one file with its styles and script inline, nothing fetched,
//! so it opens from disk in any browser. 3D scenes are drawn on a canvas by a
//! small painter's-algorithm renderer (drag to rotate, a slider and a play button
//! to step through the folding or the assembly); 2D families show their SVG.

use super::svg::escape;
use serde_json::{Value, json};

/// The page for the solutions' captions, and either their 3D scenes or their
/// SVG documents. The page sets `data-status` on its body to `ok` once it has
/// drawn, or to the error, so that a headless browser can tell.
pub fn page(
    title: &str,
    captions: &[&str],
    scenes: Option<&[Value]>,
    svgs: &[Value],
    note: Option<&str>,
) -> String {
    let data = json!({
        "captions": captions,
        "scenes": scenes,
        "svgs": if scenes.is_some() { Value::Array(Vec::new()) } else { Value::Array(svgs.to_vec()) },
    });
    // `</` inside a script would end it early.
    let data = data.to_string().replace("</", "<\\/");
    let note = note
        .map(|n| format!("<p class=\"note\">{}</p>", escape(n)))
        .unwrap_or_default();
    let viewer = match scenes {
        Some(scenes) => VIEWER_3D.replace("{{steps}}", step_words(scenes)),
        None => VIEWER_2D.to_string(),
    };
    TEMPLATE
        .replace("{{title}}", &escape(title))
        .replace("{{note}}", &note)
        .replace("{{viewer}}", &viewer)
        .replace("{{data}}", &data)
        .replace("{{script}}", SCRIPT)
}

/// What one step of the slider does in these scenes: the moves of a
/// disassembly, a string's segments, or a packing's pieces.
fn step_words(scenes: &[Value]) -> &'static str {
    let any = |key: &str| {
        scenes
            .iter()
            .any(|s| s[key].as_array().is_some_and(|a| !a.is_empty()))
    };
    if any("moves") {
        "one move of the disassembly, the pieces sliding out of the assembly"
    } else if any("path") {
        "one segment of the string folded into the box"
    } else {
        "one piece placed into the assembly"
    }
}

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
  body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 16px; color: #111; background: #fff; }
  h1 { font-size: 20px; margin: 0 0 8px 0; }
  .bar { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin: 8px 0; }
  .bar button { font-size: 15px; padding: 3px 10px; }
  #caption { font-weight: bold; }
  #stage { border: 1px solid #ccc; background: #fff; touch-action: none; cursor: grab; }
  #drawing svg { max-width: 100%; height: auto; }
  .note, .help { color: #444; font-size: 14px; }
</style>
</head>
<body data-status="loading">
<h1>{{title}}</h1>
<div class="bar" id="chooser">
  <button id="previous" title="previous solution">&#9664;</button>
  <span>solution <input id="which" type="number" min="1" value="1" style="width:6em"> of <span id="total"></span></span>
  <button id="next" title="next solution">&#9654;</button>
  <span id="caption"></span>
</div>
{{viewer}}
{{note}}
<script>
const DATA = {{data}};
{{script}}
</script>
</body>
</html>
"##;

const VIEWER_3D: &str = r##"<div class="bar">
  <button id="play">&#9654; play</button>
  <input id="step" type="range" min="1" value="1" style="width:320px">
  <span id="stepname"></span>
</div>
<canvas id="stage" width="720" height="560"></canvas>
<p class="help">Drag to rotate. The slider and the play button go one step at a time: {{steps}}.</p>"##;

const VIEWER_2D: &str = r##"<div id="drawing"></div>"##;

const SCRIPT: &str = r##"
(function () {
  "use strict";
  const body = document.body;
  window.addEventListener("error", function (e) { body.dataset.status = "error: " + e.message; });
  const total = DATA.captions.length;
  let index = 0;
  const which = document.getElementById("which");
  document.getElementById("total").textContent = String(total);
  which.max = String(total);
  if (total < 2) { document.getElementById("chooser").style.display = total ? "flex" : "none"; }

  // 2D: the solution's SVG.
  function show2d() {
    document.getElementById("drawing").innerHTML = DATA.svgs[index] || "";
  }

  // 3D: unit cubes drawn back to front, faces shaded by their angle to the light.
  // The first view is turned off the cube's diagonal, where a string's blocks
  // would line up behind each other and hide most of their numbers.
  const canvas = document.getElementById("stage");
  let yaw = -0.4, pitch = 0.35, step = 1, frac = 0, playing = null;
  const FACES = [
    [[1, 0, 0], [[1, -1, -1], [1, 1, -1], [1, 1, 1], [1, -1, 1]]],
    [[-1, 0, 0], [[-1, -1, -1], [-1, -1, 1], [-1, 1, 1], [-1, 1, -1]]],
    [[0, 1, 0], [[-1, 1, -1], [-1, 1, 1], [1, 1, 1], [1, 1, -1]]],
    [[0, -1, 0], [[-1, -1, -1], [1, -1, -1], [1, -1, 1], [-1, -1, 1]]],
    [[0, 0, 1], [[-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]]],
    [[0, 0, -1], [[-1, -1, -1], [-1, 1, -1], [1, 1, -1], [1, -1, -1]]]
  ];
  function rotate(p) {
    const cy = Math.cos(yaw), sy = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
    const x1 = p[0] * cy - p[1] * sy, y1 = p[0] * sy + p[1] * cy, z1 = p[2];
    return [x1, y1 * cp - z1 * sp, y1 * sp + z1 * cp];
  }
  function shade(hex, f) {
    const n = parseInt(hex.slice(1), 16);
    const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(function (v) { return Math.round(v * f); });
    return "rgb(" + c.join(",") + ")";
  }
  function ink(hex) {
    const n = parseInt(hex.slice(1), 16);
    const l = (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
    return l > 0.45 ? "#000" : "#fff";
  }
  // A disassembly: where each piece stands after `done` moves and `part` of
  // the next, and the pieces taken apart by then (they fade).
  function takenApart(scene, done, part) {
    const offsets = {}, faded = new Set();
    function slide(m, f) {
      m.pieces.forEach(function (p) {
        const o = offsets[p] || [0, 0, 0];
        offsets[p] = [o[0] + m.delta[0] * f, o[1] + m.delta[1] * f, o[2] + m.delta[2] * f];
      });
    }
    scene.moves.slice(0, done).forEach(function (m) {
      slide(m, 1);
      m.fade.forEach(function (p) { faded.add(p); });
    });
    if (part > 0 && done < scene.moves.length) { slide(scene.moves[done], part); }
    return { offsets: offsets, faded: faded };
  }
  function placed(c, state) {
    const o = (state && state.offsets[c.piece]) || [0, 0, 0];
    // A solid moves in space by its grid's steps times the offset in cells.
    const shift = c.steps ? [0, 1, 2].map(function (k) {
      return c.steps[0][k] * o[0] + c.steps[1][k] * o[1] + c.steps[2][k] * o[2];
    }) : [0, 0, 0];
    return { at: [c.at[0] + o[0], c.at[1] + o[1], c.at[2] + o[2]], colour: c.colour, label: c.label,
             faded: !!state && state.faded.has(c.piece), piece: c.piece, faces: c.faces,
             centre: c.centre && [c.centre[0] + shift[0], c.centre[1] + shift[1], c.centre[2] + shift[2]],
             radius: c.radius, letterEach: c.letterEach, shift: shift, offset: o };
  }
  // The box every cube stays in, over every step of the scene.
  function view(scene) {
    if (scene.view) { return scene.view; }
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    const moves = scene.moves || [];
    for (let k = 0; k <= moves.length; k++) {
      const state = moves.length ? takenApart(scene, k, 0) : null;
      scene.cubes.forEach(function (c) {
        const p = placed(c, state).centre || placed(c, state).at;
        for (let a = 0; a < 3; a++) { lo[a] = Math.min(lo[a], p[a]); hi[a] = Math.max(hi[a], p[a]); }
      });
    }
    scene.view = { lo: lo, hi: hi };
    return scene.view;
  }
  // A cell of another grid than the cube's: its faces as given, those that
  // face the viewer and that no shown cell covers; a sphere as a ball. Only
  // the nearest face of a cell is lettered.
  function solidFaces(c, filled, mid, cx, cy, scale, faces) {
    const s = c.shift || [0, 0, 0], o = c.offset || [0, 0, 0];
    const project = function (p) {
      const r = rotate([p[0] + s[0] - mid[0], p[1] + s[1] - mid[1], p[2] + s[2] - mid[2]]);
      return [cx + r[0] * scale, cy - r[2] * scale, r[1]];
    };
    if (c.radius > 0) {
      const p = project([c.centre[0] - s[0], c.centre[1] - s[1], c.centre[2] - s[2]]);
      faces.push({ ball: true, x: p[0], y: p[1], depth: p[2], radius: c.radius, cube: c });
      return;
    }
    c.faces.forEach(function (f) {
      if (f.across && filled.has([f.across[0] + o[0], f.across[1] + o[1], f.across[2] + o[2]].join(","))) { return; }
      const k = f.corners, n = [0, 0, 0];
      for (let i = 0; i < k.length; i++) {
        const p = k[i], q = k[(i + 1) % k.length];
        n[0] += (p[1] - q[1]) * (p[2] + q[2]);
        n[1] += (p[2] - q[2]) * (p[0] + q[0]);
        n[2] += (p[0] - q[0]) * (p[1] + q[1]);
      }
      const len = Math.hypot(n[0], n[1], n[2]) || 1;
      const normal = rotate([n[0] / len, n[1] / len, n[2] / len]);
      if (normal[1] >= -1e-9) { return; }
      const corners = k.map(project);
      const depth = corners.reduce(function (s, p) { return s + p[2]; }, 0) / corners.length;
      faces.push({ corners: corners, depth: depth, cube: c, seams: f.seams, labelled: false,
                   light: 0.6 - 0.4 * normal[1] + 0.15 * normal[2] });
    });
  }
  // Of the faces of cells lettered once per piece, the nearest of each piece
  // carries the letter; every other solid's nearest face carries its own.
  function chooseLetters(faces) {
    const nearest = {};
    faces.forEach(function (f, i) {
      if (f.ball || !f.cube.faces) { return; }
      const key = f.cube.letterEach ? f.cube.at.join(",") : "piece " + f.cube.piece;
      if (!(key in nearest) || f.depth < faces[nearest[key]].depth) { nearest[key] = i; }
    });
    Object.keys(nearest).forEach(function (key) { faces[nearest[key]].labelled = true; });
  }
  function drawBall(ctx, f, scale) {
    const r = f.radius * scale;
    const faded = f.cube.faded;
    const g = ctx.createRadialGradient(f.x - r * 0.35, f.y - r * 0.35, r * 0.1, f.x, f.y, r);
    g.addColorStop(0, shade(f.cube.colour, 1.35));
    g.addColorStop(1, shade(f.cube.colour, 0.7));
    ctx.globalAlpha = faded ? 0.12 : 1;
    ctx.beginPath();
    ctx.arc(f.x, f.y, r, 0, 2 * Math.PI);
    ctx.fillStyle = g;
    ctx.fill();
    ctx.strokeStyle = "#333";
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.globalAlpha = 1;
    if (!faded && f.cube.label) {
      ctx.fillStyle = ink(f.cube.colour);
      ctx.font = "bold " + Math.round(scale * 0.35) + "px sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(f.cube.label, f.x, f.y);
    }
  }
  function draw3d() {
    const scene = DATA.scenes[index];
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (!scene.cubes.length) { return; }
    const state = scene.moves && scene.moves.length ? takenApart(scene, step - 1, frac) : null;
    const shown = scene.cubes.filter(function (c) { return c.step < step; })
      .map(function (c) { return placed(c, state); });
    const lo = view(scene).lo, hi = view(scene).hi;
    const mid = [0, 1, 2].map(function (a) { return (lo[a] + hi[a]) / 2; });
    const span = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) + 1;
    const scale = Math.min(canvas.width, canvas.height) / (span * 1.9);
    const cx = canvas.width / 2, cy = canvas.height / 2;
    const filled = new Set(shown.filter(function (c) { return !c.faded; })
      .map(function (c) { return c.at.join(","); }));
    const snake = scene.path.length > 0;
    const faces = [];
    shown.forEach(function (c) {
      if (c.centre) { solidFaces(c, filled, mid, cx, cy, scale, faces); return; }
      FACES.forEach(function (f) {
        const n = f[0];
        const next = [c.at[0] + n[0], c.at[1] + n[1], c.at[2] + n[2]].join(",");
        if (!snake && filled.has(next)) { return; }
        const normal = rotate(n);
        if (normal[1] >= 0) { return; }
        const corners = f[1].map(function (k) {
          const r = rotate([c.at[0] - mid[0] + k[0] / 2, c.at[1] - mid[1] + k[1] / 2, c.at[2] - mid[2] + k[2] / 2]);
          return [cx + r[0] * scale, cy - r[2] * scale, r[1]];
        });
        const depth = corners.reduce(function (s, p) { return s + p[2]; }, 0) / 4;
        faces.push({ corners: corners, depth: depth, cube: c, light: 0.6 - 0.4 * normal[1] + 0.15 * normal[2] });
      });
    });
    chooseLetters(faces);
    faces.sort(function (a, b) { return b.depth - a.depth; });
    ctx.lineJoin = "round";
    faces.forEach(function (f) {
      if (f.ball) { drawBall(ctx, f, scale); return; }
      ctx.beginPath();
      f.corners.forEach(function (p, i) { if (i) { ctx.lineTo(p[0], p[1]); } else { ctx.moveTo(p[0], p[1]); } });
      ctx.closePath();
      const faded = f.cube.faded;
      ctx.globalAlpha = snake ? 0.22 : faded ? 0.12 : 1;
      ctx.fillStyle = shade(f.cube.colour, Math.min(1, f.light));
      ctx.fill();
      ctx.globalAlpha = snake ? 0.35 : faded ? 0.2 : 1;
      if (f.seams) {
        // Edged in its own colour so that seams inside a flat side vanish;
        // then the lines where the piece's sides meet.
        ctx.strokeStyle = ctx.fillStyle;
        ctx.stroke();
        ctx.strokeStyle = "#333";
        ctx.lineWidth = 1;
        ctx.beginPath();
        f.corners.forEach(function (p, i) {
          if (f.seams[i]) { return; }
          const q = f.corners[(i + 1) % f.corners.length];
          ctx.moveTo(p[0], p[1]);
          ctx.lineTo(q[0], q[1]);
        });
        ctx.stroke();
      } else {
        ctx.strokeStyle = "#333";
        ctx.lineWidth = 1;
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
      if (!snake && !faded && f.cube.label && f.labelled !== false) {
        const x = f.corners.reduce(function (s, p) { return s + p[0]; }, 0) / f.corners.length;
        const y = f.corners.reduce(function (s, p) { return s + p[1]; }, 0) / f.corners.length;
        ctx.fillStyle = ink(f.cube.colour);
        ctx.font = "bold " + Math.round(scale * (f.seams ? 0.3 : 0.42)) + "px sans-serif";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(f.cube.label, x, y);
      }
    });
    if (snake) {
      const count = shown.length;
      const points = scene.path.slice(0, count).map(function (p, i) {
        const r = rotate([p[0] - mid[0], p[1] - mid[1], p[2] - mid[2]]);
        return { x: cx + r[0] * scale, y: cy - r[2] * scale, depth: r[1], i: i };
      });
      ctx.strokeStyle = "#222";
      ctx.lineWidth = Math.max(2, scale * 0.12);
      ctx.beginPath();
      points.forEach(function (p, i) { if (i) { ctx.lineTo(p.x, p.y); } else { ctx.moveTo(p.x, p.y); } });
      ctx.stroke();
      // The blocks far to near, so a near block covers a far one; a far
      // block's number is left out where a nearer block sits over it, so
      // that no two numbers are written over each other.
      const farFirst = points.slice().sort(function (a, b) { return b.depth - a.depth; });
      farFirst.forEach(function (p) {
        const start = p.i === 0;
        const radius = scale * (start ? 0.3 : 0.2);
        ctx.beginPath();
        ctx.arc(p.x, p.y, radius, 0, 2 * Math.PI);
        ctx.fillStyle = start ? "#000000" : shown[p.i].colour;
        ctx.fill();
        ctx.strokeStyle = "#222";
        ctx.lineWidth = 1;
        ctx.stroke();
        const covered = points.some(function (q) {
          return q.depth < p.depth - 0.25 && Math.hypot(q.x - p.x, q.y - p.y) < scale * 0.45;
        });
        if (covered && !start) { return; }
        ctx.fillStyle = start ? "#fff" : ink(shown[p.i].colour);
        ctx.font = Math.round(scale * 0.22) + "px sans-serif";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(String(p.i + 1), p.x, p.y);
      });
    }
  }

  function show() {
    which.value = String(index + 1);
    document.getElementById("caption").textContent = DATA.captions[index] || "";
    if (DATA.scenes) {
      const scene = DATA.scenes[index];
      const slider = document.getElementById("step");
      slider.max = String(scene.steps.length + 1);
      step = Math.min(step, scene.steps.length + 1);
      slider.value = String(step);
      const last = scene.steps.length + 1;
      const apart = scene.moves && scene.moves.length > 0;
      document.getElementById("stepname").textContent = step === 1
        ? (apart ? "assembled" : "nothing placed yet")
        : scene.steps[step - 2] + (step === last ? (apart ? " (all apart)" : " (complete)") : "");
      draw3d();
    } else {
      show2d();
    }
  }

  function choose(i) { index = Math.max(0, Math.min(total - 1, i)); show(); }
  document.getElementById("previous").addEventListener("click", function () { choose(index - 1); });
  document.getElementById("next").addEventListener("click", function () { choose(index + 1); });
  which.addEventListener("change", function () { choose(parseInt(which.value, 10) - 1 || 0); });

  if (DATA.scenes) {
    const slider = document.getElementById("step");
    // An assembly is shown complete, a disassembly assembled.
    const first = DATA.scenes[0];
    step = first && first.moves.length ? 1 : (first ? first.steps.length : 0) + 1;
    slider.addEventListener("input", function () { step = parseInt(slider.value, 10); frac = 0; show(); });
    document.getElementById("play").addEventListener("click", function () {
      if (playing) { clearInterval(playing); playing = null; frac = 0; show(); return; }
      step = 1;
      frac = 0;
      const scene = DATA.scenes[index];
      if (scene.moves && scene.moves.length) {
        // Each move slides in eight frames, so that a person sees where it goes.
        playing = setInterval(function () {
          const last = DATA.scenes[index].steps.length + 1;
          if (step >= last) { clearInterval(playing); playing = null; frac = 0; show(); return; }
          frac += 0.125;
          if (frac >= 1) { frac = 0; step += 1; show(); } else { draw3d(); }
        }, 50);
      } else {
        playing = setInterval(function () {
          const last = DATA.scenes[index].steps.length + 1;
          if (step >= last) { clearInterval(playing); playing = null; return; }
          step += 1;
          show();
        }, 450);
      }
      show();
    });
    let dragging = null;
    canvas.addEventListener("pointerdown", function (e) { dragging = [e.clientX, e.clientY]; canvas.setPointerCapture(e.pointerId); });
    canvas.addEventListener("pointerup", function () { dragging = null; });
    canvas.addEventListener("pointermove", function (e) {
      if (!dragging) { return; }
      yaw += (e.clientX - dragging[0]) * 0.01;
      pitch = Math.max(-1.5, Math.min(1.5, pitch + (e.clientY - dragging[1]) * 0.01));
      dragging = [e.clientX, e.clientY];
      draw3d();
    });
  }
  if (total) { show(); }
  if (!String(body.dataset.status).startsWith("error")) { body.dataset.status = "ok"; }
})();
"##;
