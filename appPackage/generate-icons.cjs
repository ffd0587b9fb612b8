// Writes color.png (192×192) and outline.png (32×32, white on transparent) for the Teams app.
// Run: node appPackage/generate-icons.cjs. The motif: three specialists (circles) over one answer (bar).
const { PNG } = require("pngjs");
const fs = require("node:fs");
const path = require("node:path");

const SUPERSAMPLE = 4;

/** Fraction of a pixel covered by a shape, from SUPERSAMPLE² point samples. */
function coverage(x, y, inside) {
  let hits = 0;
  for (let i = 0; i < SUPERSAMPLE; i++)
    for (let j = 0; j < SUPERSAMPLE; j++) if (inside(x + (i + 0.5) / SUPERSAMPLE, y + (j + 0.5) / SUPERSAMPLE)) hits++;
  return hits / (SUPERSAMPLE * SUPERSAMPLE);
}

const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const roundedRect = (x0, y0, x1, y1, r) => (x, y) => {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && dx * dx + dy * dy <= r * r;
};
const union =
  (...shapes) =>
  (x, y) =>
    shapes.some((shape) => shape(x, y));

/** The glyph in a unit square scaled to `size`. */
function glyph(size) {
  const s = (v) => v * size;
  return union(
    circle(s(0.3), s(0.38), s(0.09)),
    circle(s(0.5), s(0.3), s(0.1)),
    circle(s(0.7), s(0.38), s(0.09)),
    roundedRect(s(0.22), s(0.58), s(0.78), s(0.72), s(0.05)),
  );
}

function write(file, size, paint) {
  const png = new PNG({ width: size, height: size, colorType: 6 });
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = paint(x, y);
      const i = (y * size + x) * 4;
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = a;
    }
  fs.writeFileSync(path.join(__dirname, file), PNG.sync.write(png));
}

const BRAND = [79, 70, 229]; // indigo #4F46E5

const colorGlyph = glyph(192);
const background = roundedRect(0, 0, 192, 192, 36);
write("color.png", 192, (x, y) => {
  const bg = coverage(x, y, background);
  const fg = coverage(x, y, colorGlyph);
  const mix = (channel) => Math.round(BRAND[channel] * (1 - fg) + 255 * fg);
  return [mix(0), mix(1), mix(2), Math.round(255 * bg)];
});

const outlineGlyph = glyph(32);
write("outline.png", 32, (x, y) => [255, 255, 255, Math.round(255 * coverage(x, y, outlineGlyph))]);
