#!/usr/bin/env node
// The PNG icons of the web app manifest and of iOS's home screen (public/), drawn from
// public/favicon.svg so that every icon is the favicon's design. Run by hand when the favicon
// changes; the PNGs are committed, and neither the build nor the server runs this.
//
//   node scripts/make-icons.mjs    # in apps/web: writes public/icon-*.png, apple-touch-icon.png
//
// Drawn by @napi-rs/canvas (Skia's SVG renderer), the API's dependency, resolved from apps/api
// rather than added to this package. The PNG files are written here (node:zlib), not by the
// canvas: its encoder always writes an alpha channel, and the opaque icons must have none (iOS
// shows transparent pixels as black; a maskable icon's background is the whole square).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { crc32, deflateSync } from "node:zlib";

const publicDir = new URL("../public/", import.meta.url);
const { createCanvas, Image } = createRequire(new URL("../../api/package.json", import.meta.url))(
  "@napi-rs/canvas",
);

/** The favicon's parts: a rounded square of the brand colour; the glyph (two checks, two lines). */
function faviconParts(/** @type {string} */ svg) {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const background = /<rect [^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
  const glyph = /<path [^>]*\/>/.exec(svg)?.[0];
  if (viewBox?.[1] === undefined || viewBox[1] !== viewBox[2] || !background || !glyph) {
    throw new Error("favicon.svg is no longer a square viewBox with one <rect> and one <path>");
  }
  return { side: Number(viewBox[1]), background, glyph };
}

const favicon = readFileSync(new URL("favicon.svg", publicDir), "utf8");
const { side, background, glyph } = faviconParts(favicon);

/**
 * The manifest spec's icon masks: a maskable icon's content must lie within the circle of radius
 * 40% of its width around its centre (the safe zone); a platform may cut away anything outside.
 * Its glyph is drawn at 80% of the favicon's size, well inside (checked when drawn).
 */
const SAFE_ZONE_RADIUS = 0.4;
const MASKABLE_GLYPH_SCALE = 0.8;

/** The glyph on the brand colour from edge to edge, at `scale` of its size in the favicon. */
function fullBleed(/** @type {number} */ scale) {
  const middle = side / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}">`,
    `<rect width="${side}" height="${side}" fill="${background}"/>`,
    `<g transform="translate(${middle} ${middle}) scale(${scale}) translate(-${middle} -${middle})">`,
    glyph,
    "</g></svg>",
  ].join("");
}

/** The SVG drawn at size x size pixels: RGBA, four bytes a pixel, not premultiplied. */
function render(/** @type {string} */ svg, /** @type {number} */ size) {
  const image = new Image();
  // Given its size, Skia draws the SVG at it, rather than scaling a picture drawn at 150 x 150.
  image.src = Buffer.from(svg.replace("<svg ", `<svg width="${size}" height="${size}" `));
  const context = createCanvas(size, size).getContext("2d");
  context.drawImage(image, 0, 0, size, size);
  return context.getImageData(0, 0, size, size).data;
}

function chunk(/** @type {string} */ type, /** @type {Buffer} */ data) {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const framed = Buffer.alloc(typeAndData.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typeAndData.copy(framed, 4);
  framed.writeUInt32BE(crc32(typeAndData), framed.length - 4);
  return framed;
}

/** A PNG file of the pixels: 8-bit RGB when `opaque` (then every pixel must be), else RGBA. */
function png(/** @type {Uint8ClampedArray} */ rgba, /** @type {number} */ size, opaque = false) {
  const channels = opaque ? 3 : 4;
  const stride = 1 + size * channels; // each row: its filter type (0, none), then its pixels
  const rows = Buffer.alloc(size * stride);
  for (let pixel = 0; pixel < size * size; pixel += 1) {
    if (opaque && rgba[pixel * 4 + 3] !== 255) {
      throw new Error(
        `an opaque icon has a transparent pixel (${pixel % size}, ${Math.floor(pixel / size)})`,
      );
    }
    const at = Math.floor(pixel / size) * stride + 1 + (pixel % size) * channels;
    rows.set(rgba.subarray(pixel * 4, pixel * 4 + channels), at);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); compression, filter and interlace methods 0.
  header.set([8, opaque ? 2 : 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Throws unless every pixel outside the safe zone is the background's colour. */
function checkSafeZone(/** @type {Uint8ClampedArray} */ rgba, /** @type {number} */ size) {
  const colour = [1, 3, 5].map((at) => parseInt(background.slice(at, at + 2), 16));
  const middle = size / 2;
  for (let pixel = 0; pixel < size * size; pixel += 1) {
    const x = (pixel % size) + 0.5 - middle;
    const y = Math.floor(pixel / size) + 0.5 - middle;
    if (Math.hypot(x, y) <= SAFE_ZONE_RADIUS * size) continue;
    if (colour.some((value, c) => rgba[pixel * 4 + c] !== value)) {
      throw new Error(`the maskable icon's glyph leaves the safe zone at (${x}, ${y})`);
    }
  }
}

function write(/** @type {string} */ name, /** @type {Buffer} */ bytes) {
  writeFileSync(new URL(name, publicDir), bytes);
  console.log(`public/${name}: ${bytes.length} bytes`);
}

// purpose "any": the favicon as it is, its corners transparent.
for (const size of [192, 512]) write(`icon-${size}.png`, png(render(favicon, size), size));

const maskable = render(fullBleed(MASKABLE_GLYPH_SCALE), 512);
checkSafeZone(maskable, 512);
write("icon-maskable-512.png", png(maskable, 512, true));

// iOS rounds the corners itself, and shows nothing of a manifest's icons (it reads this link).
write("apple-touch-icon.png", png(render(fullBleed(1), 180), 180, true));
