// verify.js: the reader's own check of a published dikast archive, in his browser.
//
// Written from the protocol's text (shared/spec/dice.md, dikast-dice/v1) and its test
// vectors, not from dikast's Rust code, so that a mistake in one is not copied into the
// other. SHA-256 comes from the browser (Web Crypto); ChaCha20 (RFC 8439) is below, in a
// few lines anyone can read. Nothing is fetched: the archive's files come in
// archive.js (each file's exact bytes, base64), the vectors in vectors.js, and a
// player's own files by drag and drop.
//
// What it checks, turn by turn (one line each, green or red with the first mismatch):
// the game file's header, the chain of game files (`previous`), the seed against its
// commitment and the next game file (checkSeed: the one function to change when the
// seed rules change), every report's dice section against the game file and the orders
// files, the turn key, and every die of every event (sealed ones with the sealed seed
// published.yaml reveals, walked down to the anchor u_0 of turn 1).
"use strict";

const Dikast = (function () {
  const enc = new TextEncoder();
  const text = (s) => enc.encode(s);

  // ------------------------------------------------------------------ bytes

  function hex(bytes) {
    let s = "";
    for (const b of bytes) s += b.toString(16).padStart(2, "0");
    return s;
  }

  // A 64-digit hex value as 32 bytes, or null.
  function unhex32(s) {
    if (typeof s !== "string" || !/^[0-9a-fA-F]{64}$/.test(s)) return null;
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
    return out;
  }

  function concat(parts) {
    let n = 0;
    for (const p of parts) n += p.length;
    const out = new Uint8Array(n);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  function u32be(n) {
    return new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  }

  // lp(x) = u32be(len(x)) ‖ x
  function lp(bytes) {
    return concat([u32be(bytes.length), bytes]);
  }

  function fromBase64(s) {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  async function sha256(bytes) {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  }

  // ------------------------------------------------------------------ ChaCha20 (RFC 8439)

  function rotl(x, n) {
    return (x << n) | (x >>> (32 - n));
  }

  function quarter(s, a, b, c, d) {
    s[a] = (s[a] + s[b]) | 0; s[d] = rotl(s[d] ^ s[a], 16);
    s[c] = (s[c] + s[d]) | 0; s[b] = rotl(s[b] ^ s[c], 12);
    s[a] = (s[a] + s[b]) | 0; s[d] = rotl(s[d] ^ s[a], 8);
    s[c] = (s[c] + s[d]) | 0; s[b] = rotl(s[b] ^ s[c], 7);
  }

  function le32(bytes, at) {
    return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
  }

  // One 64-byte block of the keystream: 32-byte key, 32-bit counter, 12-byte nonce.
  function chachaBlock(key, counter, nonce) {
    const init = new Int32Array(16);
    init[0] = 0x61707865; init[1] = 0x3320646e; init[2] = 0x79622d32; init[3] = 0x6b206574;
    for (let i = 0; i < 8; i++) init[4 + i] = le32(key, 4 * i);
    init[12] = counter | 0;
    for (let i = 0; i < 3; i++) init[13 + i] = le32(nonce, 4 * i);
    const s = Int32Array.from(init);
    for (let r = 0; r < 10; r++) {
      quarter(s, 0, 4, 8, 12); quarter(s, 1, 5, 9, 13);
      quarter(s, 2, 6, 10, 14); quarter(s, 3, 7, 11, 15);
      quarter(s, 0, 5, 10, 15); quarter(s, 1, 6, 11, 12);
      quarter(s, 2, 7, 8, 13); quarter(s, 3, 4, 9, 14);
    }
    const out = new Uint8Array(64);
    for (let i = 0; i < 16; i++) {
      const w = (s[i] + init[i]) | 0;
      out[4 * i] = w & 255;
      out[4 * i + 1] = (w >>> 8) & 255;
      out[4 * i + 2] = (w >>> 16) & 255;
      out[4 * i + 3] = (w >>> 24) & 255;
    }
    return out;
  }

  // dice.md §3-4: an event's stream (ChaCha20 under k_e, counter from 0, zero nonce)
  // and the uniform values taken from it.
  class Stream {
    constructor(key) {
      this.key = key;
      this.nonce = new Uint8Array(12);
      this.counter = 0;
      this.block = new Uint8Array(0);
      this.at = 0;
    }
    byte() {
      if (this.at >= this.block.length) {
        this.block = chachaBlock(this.key, this.counter, this.nonce);
        this.counter += 1;
        this.at = 0;
      }
      return this.block[this.at++];
    }
    // below(n), 1 <= n <= 256: bytes at or above 256 - (256 mod n) are skipped.
    below(n) {
      const limit = 256 - (256 % n);
      for (;;) {
        const b = this.byte();
        if (b < limit) return b % n;
      }
    }
  }

  // Fisher–Yates from the end, j = below(i + 1).
  function shuffle(list, stream) {
    const out = list.slice();
    for (let i = out.length - 1; i >= 1; i--) {
      const j = stream.below(i + 1);
      const t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }

  // ------------------------------------------------------------------ the protocol

  const chainPrev = (s) => sha256(concat([text("dikast/v1/chain"), s]));
  const sealPrev = (u) => sha256(concat([text("dikast/v1/seal"), u]));

  // dice.md §2. `sides`: [{side, sha: 32 bytes or null}] in the scenario's order.
  async function turnKey(gameId, turn, seed, gameSha, sides) {
    const parts = [text("dikast/v1/turn"), lp(text(gameId)), u32be(turn), seed, gameSha];
    for (const o of sides) {
      parts.push(lp(text(o.side)));
      parts.push(o.sha || new Uint8Array(32));
    }
    return sha256(concat(parts));
  }

  // dice.md §3: k_e, open or sealed (with u_t).
  function eventKey(key, label, sealed) {
    if (sealed) {
      return sha256(concat([text("dikast/v1/sealed"), key, sealed, lp(text(label))]));
    }
    return sha256(concat([text("dikast/v1/event"), key, lp(text(label))]));
  }

  // ------------------------------------------------------------------ reading files

  // Text as a report arrives: a byte-order mark dropped, CRLF and CR read as \n.
  function normalise(s) {
    return s.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  }

  // A scalar of the YAML dikast writes: plain, 'single' or "double" quoted, [] or {}.
  function scalar(v) {
    v = v.replace(/^[ \t]+|[ \t]+$/g, "");
    if (v === "" || v === "~" || v === "null") return null;
    if (v === "[]") return [];
    if (v === "{}") return {};
    if (v === "true") return true;
    if (v === "false") return false;
    if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) {
      return v.slice(1, -1).replace(/''/g, "'");
    }
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) {
      try { return JSON.parse(v); } catch (e) { return v.slice(1, -1); }
    }
    if (/^-?[0-9]+$/.test(v)) return Number(v);
    return v;
  }

  // The key of a `key: value` or `key:` line, and the rest; null when it is not one.
  function splitKey(s) {
    let key, rest;
    if (s.startsWith("'") || s.startsWith('"')) {
      const q = s[0];
      const end = s.indexOf(q, 1);
      if (end < 0) return null;
      key = s.slice(1, end);
      rest = s.slice(end + 1);
      if (!rest.startsWith(":")) return null;
      rest = rest.slice(1);
    } else {
      const m = /^([^ \t:'"][^:]*?):(?:[ \t]|$)/.exec(s);
      if (!m) return null;
      key = m[1];
      rest = s.slice(m[1].length + 1);
    }
    if (rest !== "" && !rest.startsWith(" ")) return null;
    return { key, rest: rest.replace(/^[ \t]+|[ \t]+$/g, "") };
  }

  // A small reader of block-style YAML (maps, lists, scalars): enough for a dice section,
  // which dikast writes in this one style. Throws on anything else.
  function parseYaml(src) {
    const lines = [];
    for (const raw of normalise(src).split("\n")) {
      if (/^[ \t]*(#.*)?$/.test(raw)) continue;
      const indent = raw.length - raw.replace(/^ +/, "").length;
      lines.push({ indent, text: raw.slice(indent).replace(/[ \t]+$/, "") });
    }
    let i = 0;
    function block(indent) {
      const first = lines[i];
      if (first.text === "-" || first.text.startsWith("- ")) {
        const out = [];
        while (i < lines.length && lines[i].indent === indent &&
               (lines[i].text === "-" || lines[i].text.startsWith("- "))) {
          const rest = lines[i].text.slice(1).replace(/^[ \t]+|[ \t]+$/g, "");
          if (rest === "") {
            i += 1;
            out.push(i < lines.length && lines[i].indent > indent ? block(lines[i].indent) : null);
          } else {
            lines[i] = { indent: indent + 2, text: rest };
            out.push(block(indent + 2));
          }
        }
        return out;
      }
      const kv = splitKey(first.text);
      if (!kv) {
        i += 1;
        return scalar(first.text);
      }
      const out = {};
      while (i < lines.length && lines[i].indent === indent) {
        const p = splitKey(lines[i].text);
        if (!p) throw new Error("line " + (i + 1) + " of the YAML is not `key: value`");
        i += 1;
        if (p.rest !== "") {
          out[p.key] = scalar(p.rest);
        } else if (i < lines.length && (lines[i].indent > indent ||
                   (lines[i].indent === indent && lines[i].text.startsWith("-")))) {
          out[p.key] = block(lines[i].indent);
        } else {
          out[p.key] = null;
        }
      }
      return out;
    }
    if (lines.length === 0) return null;
    const v = block(lines[0].indent);
    if (i !== lines.length) throw new Error("the YAML has lines this reader does not take");
    return v;
  }

  // The dice section of a report (dice.md §5): the YAML block under `## Dice` or
  // `## Кубики` (`## Кости` in reports written before). null when the report has none.
  function diceSection(reportText) {
    const t = normalise(reportText);
    let at = -1;
    for (const h of ["## Dice", "## Кубики", "## Кости"]) {
      const i = t.startsWith(h + " ") ? 0 : t.indexOf("\n" + h + " ");
      if (i >= 0) { at = i; break; }
    }
    if (at < 0) return null;
    const rest = t.slice(at);
    const start = rest.indexOf("```yaml\n");
    if (start < 0) return null;
    const body = rest.slice(start + 8);
    const end = body.indexOf("```");
    if (end < 0) return null;
    return parseYaml(body.slice(0, end));
  }

  // The header fields of a game file or view, read from its lines (the rest of the file,
  // the rules' state, is not needed): top-level scalars and the `dice:` block.
  function header(fileText) {
    const out = { dice: {} };
    let inDice = false;
    for (const line of normalise(fileText).split("\n")) {
      if (/^[^\s#]/.test(line)) {
        inDice = line === "dice:";
        const kv = splitKey(line);
        if (kv && kv.rest !== "" && !(kv.key in out)) out[kv.key] = scalar(kv.rest);
      } else if (inDice && line.startsWith("  ") && !line.startsWith("   ")) {
        const kv = splitKey(line.slice(2));
        if (kv) out.dice[kv.key] = scalar(kv.rest);
      }
    }
    return out;
  }

  // An event's values as [n, value] pairs: `d6: [..]` is n = 6, value = die - 1.
  function draws(ev) {
    if (Array.isArray(ev.d6)) return ev.d6.map((d) => [6, Number(d) - 1]);
    if (Array.isArray(ev.below)) return ev.below.map((p) => [Number(p[0]), Number(p[1])]);
    return [];
  }

  function shown(ev, i) {
    const d = draws(ev)[i];
    return Array.isArray(ev.d6) ? String(d[1] + 1) : "below(" + d[0] + ") = " + d[1];
  }

  // Every value of one event recomputed; a message naming the first that differs, or null.
  async function checkEvent(key, ev, sealed, name) {
    if (typeof ev.label !== "string") return name + ": an event has no label";
    const stream = new Stream(await eventKey(key, ev.label, sealed));
    const ds = draws(ev);
    for (let i = 0; i < ds.length; i++) {
      const [n, v] = ds[i];
      if (!(n >= 1 && n <= 256)) return name + ": event `" + ev.label + "`, value " + (i + 1) + ": n = " + n + " is outside 1..256";
      const got = stream.below(n);
      if (got !== v) {
        const want = Array.isArray(ev.d6) ? String(got + 1) : "below(" + n + ") = " + got;
        return name + ": event `" + ev.label + "`, value " + (i + 1) + ": the report has " + shown(ev, i) + ", the protocol gives " + want;
      }
    }
    return null;
  }

  class Mismatch extends Error {}
  const fail = (m) => { throw new Mismatch(m); };

  // dice.md §5: the fields a dice section has, and no others (as `dikast verify` reads it).
  // `reseeded` (dikast-reseed/1, docs/dice.md: a turn adjudicated again after an undo) and
  // `sealed_seed` (the moderator's report) are the only ones a section may lack.
  const SECTION = ["protocol", "game", "turn", "commitment", "reseeded", "seed", "game_sha256", "orders",
    "turn_key", "sealed_seed", "events"];
  const OPTIONAL = ["sealed_seed", "reseeded"];
  const RESEED = "at,commitment,retired_seed,turn";
  const EVENT = ["label", "sealed", "d6", "below"];
  const isInt = (v) => Number.isInteger(v) && v >= 0;
  const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

  function checkShape(sec, name) {
    if (!isMap(sec)) fail(name + ": the dice section is not a mapping of fields");
    for (const k of Object.keys(sec)) {
      if (!SECTION.includes(k)) fail(name + ": the dice section has a field `" + k + "` that a dice section does not have");
    }
    for (const k of SECTION) {
      if (!OPTIONAL.includes(k) && !(k in sec)) fail(name + ": the dice section has no field " + k);
    }
    for (const k of ["protocol", "commitment", "seed", "game_sha256", "turn_key"]) {
      if (typeof sec[k] !== "string") fail(name + ": field " + k + " is not text");
    }
    if (!isInt(sec.turn)) fail(name + ": field turn is not a number");
    if (!Array.isArray(sec.orders)) fail(name + ": field orders is not a list");
    for (const o of sec.orders) {
      if (!isMap(o) || Object.keys(o).sort().join() !== "sha256,side" ||
          typeof o.side !== "string" || typeof o.sha256 !== "string") {
        fail(name + ": field orders: each entry is `side` and `sha256`, nothing else");
      }
    }
    if (!Array.isArray(sec.events)) fail(name + ": field events is not a list");
    if ("reseeded" in sec) {
      if (!Array.isArray(sec.reseeded) || sec.reseeded.length === 0) fail(name + ": field reseeded is not a list of reseeds");
      for (const r of sec.reseeded) {
        if (!isMap(r) || Object.keys(r).sort().join() !== RESEED || !isInt(r.turn) ||
            typeof r.at !== "string" || typeof r.retired_seed !== "string" || typeof r.commitment !== "string") {
          fail(name + ": field reseeded: each entry is `turn`, `at`, `retired_seed` and `commitment`, nothing else");
        }
      }
    }
    for (const ev of sec.events) {
      if (!isMap(ev)) fail(name + ": field events: an entry is not a mapping");
      for (const k of Object.keys(ev)) {
        if (!EVENT.includes(k)) fail(name + ": an event has a field `" + k + "` that an event does not have");
      }
      if (typeof ev.label !== "string") fail(name + ": an event has no label");
      if ("sealed" in ev && typeof ev.sealed !== "boolean") fail(name + ": event `" + ev.label + "`: field sealed is not true or false");
      if ("d6" in ev && !(Array.isArray(ev.d6) && ev.d6.every(isInt))) fail(name + ": event `" + ev.label + "`: field d6 is not a list of numbers");
      if ("below" in ev && !(Array.isArray(ev.below) && ev.below.every((p) => Array.isArray(p) && p.length === 2 && p.every(isInt)))) {
        fail(name + ": event `" + ev.label + "`: field below is not a list of [n, value] pairs");
      }
    }
  }

  // ------------------------------------------------------------------ the archive

  function pad(t) {
    return String(t).padStart(4, "0");
  }

  // The archive's files (name → bytes) and what is read of them once.
  function openArchive(files) {
    const bytes = {};
    for (const k of Object.keys(files)) bytes[k] = fromBase64(files[k]);
    const turns = Object.keys(bytes)
      .map((k) => /^turns\/([0-9]{4})\/game\.yaml$/.exec(k))
      .filter((m) => m)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const dec = new TextDecoder("utf-8");
    const textOf = (k) => (k in bytes ? dec.decode(bytes[k]) : null);
    return { bytes, turns, textOf, shas: {} };
  }

  async function shaOf(a, name) {
    if (!(name in a.shas)) a.shas[name] = await sha256(a.bytes[name]);
    return a.shas[name];
  }

  // The sealed seeds u_0..u_T from published.yaml, u_0 checked against turn 1's anchor.
  // Returns {line, seeds} (seeds: turn → bytes, or null when nothing is published).
  async function sealedChain(a, anchor) {
    const p = a.textOf("published.yaml");
    if (p === null) {
      return { ok: true, line: "published.yaml: absent; sealed events are checked with the seed a moderator's report reveals, if any", seeds: null };
    }
    let pub;
    try { pub = parseYaml(p); } catch (e) { pub = null; }
    if (!isMap(pub) || Object.keys(pub).sort().join() !== "protocol,sealed_seed,turn") {
      return { ok: false, line: "published.yaml: it is not `protocol`, `turn` and `sealed_seed`, nothing else", seeds: null };
    }
    if (pub.protocol !== "dikast-dice/v1") {
      return { ok: false, line: "published.yaml: field protocol is not dikast-dice/v1", seeds: null };
    }
    const u = unhex32(pub.sealed_seed);
    const T = Number(pub.turn);
    if (!u) return { ok: false, line: "published.yaml: field sealed_seed is not a 64-digit hex value", seeds: null };
    if (!(T >= 0 && T <= 100000)) return { ok: false, line: "published.yaml: field turn is not a turn dikast walks", seeds: null };
    const seeds = {};
    seeds[T] = u;
    for (let t = T; t >= 1; t--) seeds[t - 1] = await sealPrev(seeds[t]);
    if (hex(seeds[0]) !== anchor) {
      return { ok: false, line: "published.yaml: field sealed_seed does not hash down to the sealed anchor u_0 of turn 1 in " + T + " steps", seeds: null };
    }
    return { ok: true, line: "published.yaml: the sealed seed of turn " + T + " hashes down to the anchor u_0 of turn 1 in " + T + " steps", seeds };
  }

  // dice.md §1: the seed a report reveals for turn t. It must hash to the commitment c_t
  // of the game file that awaited the turn, and be the commitment of the next game file
  // (the chain: no later seed could be chosen). Returns the seed's bytes. This is the one
  // place a change of the seed rules (a turn redone with a new seed) is made.
  async function checkSeed(ctx, t, sec, name) {
    const seed = unhex32(sec.seed);
    if (!seed) fail(name + ": field seed is not a 64-digit hex value");
    const c = ctx.commitment || ctx.game.dice.commitment;
    if (hex(await chainPrev(seed)) !== c) {
      fail(name + ": field seed does not hash to turn " + t + "'s commitment (SHA-256(\"dikast/v1/chain\" ‖ seed) ≠ " +
        (c === ctx.game.dice.commitment ? ctx.gameName + " dice.commitment" : "the reseeded commitment " + c) + ")");
    }
    if (ctx.next && ctx.next.dice.commitment !== sec.seed) {
      fail(ctx.nextName + ": field dice.commitment is not the seed turn " + t + " revealed (" + name + ", field seed)");
    }
    return seed;
  }

  // dikast-reseed/1 (docs/dice.md): a turn adjudicated again after an undo draws from a
  // new seed whose commitment c'_t replaces the game file's. The report lists every undo
  // of the turn (`reseeded`), oldest first: each retired seed hashes to the commitment
  // before it (the game file's for the first), and the report's commitment is the last
  // one's. Returns the commitment the turn's seed must hash to.
  async function reseededCommitment(sec, t, start, startName, name) {
    if (!("reseeded" in sec)) {
      if (sec.commitment !== start) fail(name + ": field commitment is not " + startName + "'s dice.commitment");
      return start;
    }
    let c = start, from = startName + "'s dice.commitment";
    for (let i = 0; i < sec.reseeded.length; i++) {
      const r = sec.reseeded[i];
      if (r.turn !== t) fail(name + ": field reseeded: entry " + (i + 1) + " is of turn " + r.turn + ", not " + t);
      const retired = unhex32(r.retired_seed);
      if (!retired) fail(name + ": field reseeded: entry " + (i + 1) + "'s retired_seed is not a 64-digit hex value");
      if (hex(await chainPrev(retired)) !== c) fail(name + ": field reseeded: entry " + (i + 1) + "'s retired_seed does not hash to " + from);
      if (!unhex32(r.commitment)) fail(name + ": field reseeded: entry " + (i + 1) + "'s commitment is not a 64-digit hex value");
      c = r.commitment;
      from = "the commitment of entry " + (i + 1);
    }
    if (sec.commitment !== c) fail(name + ": field commitment is not the last reseed's (field reseeded)");
    return c;
  }

  // The orders hashes a report records, checked against the archived orders files.
  async function checkOrders(a, t, sec, name) {
    const dir = "turns/" + pad(t) + "/orders/";
    const sides = [];
    if (!Array.isArray(sec.orders)) fail(name + ": field orders is not a list");
    for (const o of sec.orders) {
      const file = dir + o.side + ".yaml";
      if (o.sha256 === "none") {
        if (file in a.bytes) fail(file + " was not adjudicated: " + name + " records that " + o.side + " sent no orders");
        sides.push({ side: o.side, sha: null });
        continue;
      }
      const rec = unhex32(o.sha256);
      if (!rec) fail(name + ": field orders: " + o.side + "'s sha256 is not a 64-digit hex value");
      if (!(file in a.bytes)) fail(file + " is missing: " + name + " records " + o.side + "'s orders with SHA-256 " + o.sha256);
      const now = hex(await shaOf(a, file));
      if (now !== o.sha256) fail(file + " was changed after adjudication: its SHA-256 is " + now + ", but " + name + " records " + o.sha256);
      sides.push({ side: o.side, sha: rec });
    }
    for (const k of Object.keys(a.bytes)) {
      if (k.startsWith(dir) && !sec.orders.some((o) => dir + o.side + ".yaml" === k)) {
        fail(k + " was not adjudicated: " + name + " records no orders file of that name");
      }
    }
    return sides;
  }

  // One adjudicated turn: every report's dice section, every die. Returns the green
  // line's words; throws a Mismatch naming the first difference.
  async function checkTurn(a, t, ctx) {
    const dir = "turns/" + pad(t) + "/";
    const g = ctx.game;
    if (g.turn !== t) fail(ctx.gameName + ": field turn says " + g.turn + ", but the folder is turn " + t);
    if (g.game !== ctx.first.game || g.dice.sealed_anchor !== ctx.first.dice.sealed_anchor) {
      fail(ctx.gameName + ": field game or dice.sealed_anchor differs from turn 1's");
    }
    if (t > 1) {
      const prev = "turns/" + pad(t - 1) + "/game.yaml";
      if (g.previous !== hex(await shaOf(a, prev))) {
        fail(ctx.gameName + ": field previous is not the SHA-256 of " + prev + " (the chain of game files)");
      }
    }
    // The views of the turn vouch for its game file: each names its SHA-256 (based_on).
    // When they all name one other value, the game file is what changed.
    const gameShaNow = hex(await shaOf(a, ctx.gameName));
    const views = Object.keys(a.bytes).filter((k) => k.startsWith(dir) && /^view-[^/]+\.yaml$/.test(k.slice(dir.length))).sort();
    const heads = views.map((k) => header(a.textOf(k)));
    const named = new Set(heads.map((v) => v.based_on));
    if (views.length > 1 && named.size === 1 && !named.has(gameShaNow)) {
      fail(ctx.gameName + " was changed after dikast wrote it: its SHA-256 is " + gameShaNow + ", but its views name " + heads[0].based_on + " (field based_on)");
    }
    for (let i = 0; i < views.length; i++) {
      const v = heads[i];
      if (v.based_on !== gameShaNow) fail(views[i] + ": field based_on is not the SHA-256 of " + ctx.gameName);
      if (v.game !== g.game || v.turn !== t || v.dice.commitment !== g.dice.commitment || v.dice.sealed_anchor !== g.dice.sealed_anchor) {
        fail(views[i] + ": fields game, turn, dice are not those of " + ctx.gameName);
      }
    }
    const main = dir + "report.md";
    if (!(main in a.bytes)) {
      if (ctx.next) fail(main + " is missing (turn " + (t + 1) + " exists)");
      return { pending: true, words: "awaits adjudication; its game file follows from turn " + (t - 1) + "'s, and its " + views.length + " views name it" };
    }
    if (!ctx.next) fail("turns/" + pad(t + 1) + "/game.yaml is missing (" + main + " says turn " + t + " was adjudicated)");
    const reports = Object.keys(a.bytes)
      .filter((k) => k.startsWith(dir) && /^report[^/]*\.md$/.test(k.slice(dir.length)))
      .sort((x, y) => (x === main ? -1 : y === main ? 1 : x < y ? -1 : x > y ? 1 : 0));
    const gameSha = hex(await shaOf(a, ctx.gameName));
    let events = 0, values = 0, sealedSkipped = 0, firstOrders = null, nOrders = 0;
    // dice.md §5: the moderator's report lists every event of the turn; a side's report
    // lists only events among them (a changed label whose die happens to agree is seen so).
    let mainLabels = null;
    const sealedSeed = ctx.sealed ? ctx.sealed[t] : null;
    for (const name of reports) {
      let sec;
      try {
        sec = diceSection(a.textOf(name));
      } catch (e) {
        fail(name + ": the dice section cannot be read: " + e.message);
      }
      if (!sec) fail(name + " has no dice section");
      checkShape(sec, name);
      if (sec.protocol !== "dikast-dice/v1") fail(name + ": protocol `" + sec.protocol + "` is not dikast-dice/v1");
      if (sec.game !== g.game || sec.turn !== t) fail(name + ": fields game, turn are not " + g.game + ", " + t);
      ctx.commitment = await reseededCommitment(sec, t, g.dice.commitment, ctx.gameName, name);
      // The turn's reseed record (turns/NNNN/reseed.yaml) is the report's list, and a
      // turn without one lists none.
      const record = dir + "reseed.yaml";
      if (record in a.bytes) {
        let r;
        try {
          r = parseYaml(a.textOf(record));
        } catch (e) {
          fail(record + " cannot be read: " + e.message);
        }
        if (!isMap(r) || Object.keys(r).join() !== "reseeds" || JSON.stringify(r.reseeds) !== JSON.stringify(sec.reseeded)) {
          fail(record + ": its reseeds are not those " + name + " lists (field reseeded)");
        }
      } else if ("reseeded" in sec) {
        fail(name + ": field reseeded lists undos, but " + record + " is missing");
      }
      const seed = await ctx.checkSeed(ctx, t, sec, name);
      if (sec.game_sha256 !== gameSha) fail(name + ": field game_sha256 is not the SHA-256 of " + ctx.gameName + " (" + gameSha + ")");
      const sides = await checkOrders(a, t, sec, name);
      const said = JSON.stringify(sec.orders);
      if (firstOrders === null) {
        firstOrders = said;
        nOrders = sides.filter((o) => o.sha).length;
      }
      else if (said !== firstOrders) fail(name + ": field orders differs from " + main + "'s");
      const key = await turnKey(g.game, t, seed, unhex32(gameSha), sides);
      if (hex(key) !== sec.turn_key) fail(name + ": field turn_key does not follow from the game, turn, seed, game file hash and orders hashes");
      // dice.md §5: the moderator's report reveals u_t, a side's report never does.
      const moderators = /^report(\.[a-z]+)?\.md$/.test(name.slice(dir.length));
      const revealed = sec.sealed_seed !== undefined && sec.sealed_seed !== null;
      if (moderators && !revealed && ctx.first.dice.sealed_anchor) fail(name + ": the dice section has no field sealed_seed (a moderator's report reveals u_" + t + ")");
      if (!moderators && revealed) fail(name + ": field sealed_seed is in a side's report (only the moderator's reveals it)");
      let u = null;
      if (revealed) {
        u = unhex32(sec.sealed_seed);
        if (!u) fail(name + ": field sealed_seed is not a 64-digit hex value");
        if (sealedSeed && hex(sealedSeed) !== sec.sealed_seed) fail(name + ": field sealed_seed is not u_" + t + " of the published sealed chain");
        if (!sealedSeed) {
          let w = u;
          for (let i = 0; i < t; i++) w = await sealPrev(w);
          if (hex(w) !== ctx.first.dice.sealed_anchor) fail(name + ": field sealed_seed does not hash down to the sealed anchor u_0 of turn 1 in " + t + " steps");
        }
      }
      u = sealedSeed || u;
      if (!Array.isArray(sec.events)) fail(name + ": field events is not a list");
      const labels = new Set(sec.events.map((ev) => (isMap(ev) ? ev.label : undefined)));
      if (mainLabels === null) mainLabels = labels;
      else {
        for (const l of labels) {
          if (!mainLabels.has(l)) fail(name + ": event `" + l + "` is not among the events of " + main + "'s dice section");
        }
      }
      for (const ev of sec.events) {
        if (ev.sealed === true && !u) {
          sealedSkipped += 1;
          continue;
        }
        const m = await checkEvent(key, ev, ev.sealed === true ? u : null, name);
        if (m) fail(m);
        events += 1;
        values += draws(ev).length;
      }
    }
    return {
      pending: false,
      words: (ctx.commitment !== g.dice.commitment ? "adjudicated again after an undo, each retired seed hashing to the commitment before it (dikast-reseed/1); " : "") +
        "seed, game file chain, " + nOrders + " orders files, turn key; " +
        events + " event records (" + values + " values) across " + reports.length + " reports equal the protocol's" +
        (sealedSkipped ? "; " + sealedSkipped + " sealed events not checkable without the sealed seed" : ""),
    };
  }

  // The whole archive: [{turn, ok, text}], one per turn, after a line for the sealed chain.
  async function checkArchive(files, hooks) {
    const a = openArchive(files);
    const out = [];
    if (a.turns.length === 0 || a.turns[0] !== 1) {
      return [{ turn: 0, ok: false, text: "turns/0001/game.yaml is missing from the archive" }];
    }
    const heads = {};
    for (const t of a.turns) heads[t] = header(a.textOf("turns/" + pad(t) + "/game.yaml"));
    const first = heads[1];
    const chain = await sealedChain(a, first.dice.sealed_anchor);
    out.push({ turn: 0, ok: chain.ok, text: chain.line });
    for (const t of a.turns) {
      const ctx = {
        first,
        game: heads[t],
        gameName: "turns/" + pad(t) + "/game.yaml",
        next: heads[t + 1] || null,
        nextName: "turns/" + pad(t + 1) + "/game.yaml",
        sealed: chain.seeds,
        checkSeed: (hooks && hooks.checkSeed) || checkSeed,
      };
      try {
        const r = await checkTurn(a, t, ctx);
        out.push({ turn: t, ok: true, pending: r.pending, text: "turn " + t + ": " + r.words });
      } catch (e) {
        if (!(e instanceof Mismatch)) throw e;
        out.push({ turn: t, ok: false, text: "turn " + t + ": " + e.message });
      }
    }
    return out;
  }

  // ------------------------------------------------------------------ the vectors

  // Every value of shared/spec/dice-vectors.yaml recomputed: [{name, ok, text}].
  async function runVectors(V) {
    const out = [];
    const check = (name, got, want) => {
      const ok = JSON.stringify(got) === JSON.stringify(want);
      out.push({ name, ok, text: ok ? name : name + ": got " + JSON.stringify(got) + ", want " + JSON.stringify(want) });
    };
    for (const [key, prev] of [["chain", chainPrev], ["sealed_chain", sealPrev]]) {
      let v = unhex32(V[key].head);
      const got = [];
      for (let i = 0; i < V[key].previous.length; i++) {
        v = await prev(v);
        got.push(hex(v));
      }
      check(key + ": " + got.length + " steps down from the head", got, V[key].previous);
    }
    let n = 0;
    for (const tv of V.turns) {
      n += 1;
      const gameSha = await sha256(text(tv.game_file_text));
      check("turn vector " + n + ": game file hash", hex(gameSha), tv.game_sha256);
      const sides = [];
      for (const s of tv.sides) {
        if (typeof s.orders_text === "string") {
          const h = await sha256(text(s.orders_text));
          check("turn vector " + n + ": " + s.side + "'s orders hash", hex(h), s.orders_sha256);
          sides.push({ side: s.side, sha: h });
        } else {
          sides.push({ side: s.side, sha: null });
        }
      }
      const key = await turnKey(tv.game_id, tv.turn, unhex32(tv.seed), gameSha, sides);
      check("turn vector " + n + ": turn key", hex(key), tv.turn_key);
      for (const ev of tv.events) {
        const sealed = ev.sealed_seed ? unhex32(ev.sealed_seed) : null;
        const k = await eventKey(key, ev.label, sealed);
        const name = "turn vector " + n + ", `" + ev.label + "`";
        check(name + ": event key", hex(k), ev.event_key);
        if (ev.keystream_first_64_bytes) {
          const s = new Stream(k);
          const b = new Uint8Array(64);
          for (let i = 0; i < 64; i++) b[i] = s.byte();
          check(name + ": keystream", hex(b), ev.keystream_first_64_bytes);
        }
        if (ev.d6_first_30) {
          const s = new Stream(k);
          check(name + ": 30 d6", Array.from({ length: 30 }, () => s.below(6) + 1), ev.d6_first_30);
        }
        if (ev.below_10_first_12) {
          const s = new Stream(k);
          check(name + ": 12 below(10)", Array.from({ length: 12 }, () => s.below(10)), ev.below_10_first_12);
        }
        if (ev.shuffle_c01_to_c10) {
          const s = new Stream(k);
          const cards = Array.from({ length: 10 }, (_, i) => "c" + String(i + 1).padStart(2, "0"));
          check(name + ": shuffle", shuffle(cards, s), ev.shuffle_c01_to_c10);
        }
      }
    }
    if (V.sealed_events) {
      const se = V.sealed_events;
      const key = unhex32(se.turn_key);
      const u = unhex32(se.u_t);
      for (const ev of se.events) {
        const k = await eventKey(key, ev.label, u);
        const name = "sealed `" + ev.label + "`";
        check(name + ": event key", hex(k), ev.event_key);
        if (ev.d6_first_20) {
          const s = new Stream(k);
          check(name + ": 20 d6", Array.from({ length: 20 }, () => s.below(6) + 1), ev.d6_first_20);
        }
        if (ev.shuffle_c01_to_c10) {
          const s = new Stream(k);
          const cards = Array.from({ length: 10 }, (_, i) => "c" + String(i + 1).padStart(2, "0"));
          check(name + ": shuffle", shuffle(cards, s), ev.shuffle_c01_to_c10);
        }
      }
    }
    // RFC 8439 §2.3.2's block: the ChaCha20 below is the standard one.
    const rfcKey = Uint8Array.from({ length: 32 }, (_, i) => i);
    const rfcNonce = Uint8Array.from([0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0]);
    check("RFC 8439 §2.3.2 block", hex(chachaBlock(rfcKey, 1, rfcNonce)),
      "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e" +
      "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
    return out;
  }

  // ------------------------------------------------------------------ a player's files

  // `dikast verify --report R --view V [--orders O]`, in the browser: the report's dice
  // section in itself, then tied to the view of its turn (and the orders, if given).
  // Returns [{ok, text}]; the first red line ends the check, and names the game and turn
  // the report says it is of (a player drops files named without their turn folder).
  async function checkPlayer(report, view, orders) {
    const out = [];
    const ok = (t) => out.push({ ok: true, text: t });
    let sec = null;
    try {
      sec = diceSection(report.text);
      if (!sec) fail(report.name + " has no dice section (`## Dice` or `## Кубики`): is it a dikast report?");
      checkShape(sec, report.name);
      if (sec.protocol !== "dikast-dice/v1") fail(report.name + " uses protocol `" + sec.protocol + "`; this page checks dikast-dice/v1");
      const seed = unhex32(sec.seed);
      if (!seed || hex(await chainPrev(seed)) !== sec.commitment) fail(report.name + ": the revealed seed does not hash to the commitment");
      ok("seed: SHA-256(\"dikast/v1/chain\" ‖ seed) equals the commitment");
      const sides = sec.orders.map((o) => ({ side: o.side, sha: o.sha256 === "none" ? null : unhex32(o.sha256) }));
      const key = await turnKey(sec.game, sec.turn, seed, unhex32(sec.game_sha256) || new Uint8Array(32), sides);
      if (hex(key) !== sec.turn_key) fail(report.name + ": field turn_key does not follow from the game, turn, seed, game file hash and orders hashes");
      ok("turn key: recomputed and equal");
      const u = sec.sealed_seed ? unhex32(sec.sealed_seed) : null;
      let n = 0;
      for (const ev of sec.events || []) {
        if (ev.sealed === true && !u) continue;
        const m = await checkEvent(key, ev, ev.sealed === true ? u : null, report.name);
        if (m) fail(m);
        n += 1;
      }
      ok("events: " + n + " events, all equal to the protocol's");
      if (view) {
        const v = header(view.text);
        if (!v.view_of) fail(view.name + " is not a view (no field view_of)");
        if (v.game !== sec.game || v.turn !== sec.turn) fail(report.name + " is the report of game `" + sec.game + "` turn " + sec.turn + ", but " + view.name + " is the view of game `" + v.game + "` turn " + v.turn);
        if (!("reseeded" in sec) && v.dice.commitment !== sec.commitment) fail(report.name + ": field commitment is not the one " + view.name + " made before the orders (field dice.commitment)");
        await reseededCommitment(sec, sec.turn, v.dice.commitment, view.name, report.name);
        if (v.based_on !== sec.game_sha256) fail(report.name + ": field game_sha256 is not the game file " + view.name + " was made from (field based_on)");
        if (u) {
          let w = u;
          for (let i = 0; i < sec.turn; i++) w = await sealPrev(w);
          if (hex(w) !== v.dice.sealed_anchor) fail(report.name + ": field sealed_seed does not hash down to the sealed anchor of " + view.name);
        }
        ok("anchored: the commitment and the game file hash are those of " + view.name + ", the view of " + v.view_of + " for turn " + v.turn);
        if (orders) {
          const h = hex(await sha256(orders.bytes));
          const rec = sec.orders.find((o) => o.side === v.view_of);
          if (!rec || rec.sha256 !== h) fail(report.name + ": field orders does not record " + orders.name + " for " + v.view_of + ": these are not the orders adjudicated for your side");
          ok("orders: " + orders.name + " were adjudicated as " + v.view_of + "'s");
        }
      } else {
        out.push({ ok: false, text: "NOT ANCHORED: drop the view of this turn too; without it a report made up afresh passes" });
      }
    } catch (e) {
      if (!(e instanceof Mismatch)) throw e;
      const turn = sec && Number.isInteger(sec.turn) ? "game `" + sec.game + "` turn " + sec.turn + ": " : "";
      out.push({ ok: false, text: turn + e.message });
    }
    return out;
  }

  return {
    sha256, hex, unhex32, chachaBlock, Stream, shuffle, turnKey, eventKey, chainPrev, sealPrev,
    parseYaml, diceSection, header, checkSeed, checkArchive, runVectors, checkPlayer,
  };
})();

// ------------------------------------------------------------------ the page

(function () {
  const $ = (id) => document.getElementById(id);
  const li = (list, ok, text, turn) => {
    const e = document.createElement("li");
    e.className = ok ? "dk-ok" : "dk-bad";
    if (turn !== undefined) e.dataset.turn = String(turn);
    e.textContent = (ok ? "✔ " : "✘ ") + text;
    list.appendChild(e);
    return e;
  };

  async function run() {
    const status = $("dk-status");
    let failures = 0;
    const vl = $("dk-vectors");
    if (window.DIKAST_VECTORS) {
      const vs = await Dikast.runVectors(window.DIKAST_VECTORS);
      const bad = vs.filter((v) => !v.ok);
      failures += bad.length;
      li(vl, bad.length === 0, bad.length === 0
        ? "all " + vs.length + " values of the protocol's test vectors recomputed in this browser"
        : bad.length + " of " + vs.length + " vector values differ", undefined);
      for (const v of bad) li(vl, false, v.text);
      vl.dataset.count = String(vs.length);
      vl.dataset.failed = String(bad.length);
    }
    const tl = $("dk-turns");
    if (window.DIKAST_ARCHIVE) {
      const lines = await Dikast.checkArchive(window.DIKAST_ARCHIVE.files);
      for (const l of lines) {
        const e = li(tl, l.ok, l.text, l.turn);
        if (l.pending) e.classList.add("dk-pending");
        if (!l.ok) failures += 1;
      }
    }
    status.dataset.failures = String(failures);
    status.dataset.done = "yes";
    status.textContent = failures === 0 ? status.dataset.green : status.dataset.red.replace("{n}", String(failures));
    status.className = failures === 0 ? "dk-ok" : "dk-bad";
  }

  function readFile(f) {
    return new Promise((resolve, reject) => {
      const r = new FileReader();
      r.onload = () => {
        const bytes = new Uint8Array(r.result);
        resolve({ name: f.name, bytes, text: new TextDecoder("utf-8").decode(bytes) });
      };
      r.onerror = () => reject(r.error);
      r.readAsArrayBuffer(f);
    });
  }

  // The files a player drops, told apart by content: a report has a dice section, a view
  // `view_of:`, orders `based_on:`.
  async function dropped(fileList) {
    const files = await Promise.all(Array.from(fileList).map(readFile));
    let report = null, view = null, orders = null;
    for (const f of files) {
      if (Dikast.diceSection(f.text) !== null) report = f;
      else if (/^view_of:/m.test(f.text)) view = f;
      else if (/^based_on:/m.test(f.text)) orders = f;
    }
    const out = $("dk-player");
    out.textContent = "";
    if (!report) {
      li(out, false, "no report among the files dropped (a report ends with a `## Dice` section)");
      return;
    }
    for (const l of await Dikast.checkPlayer(report, view, orders)) li(out, l.ok, l.text);
  }

  window.addEventListener("DOMContentLoaded", () => {
    const zone = $("dk-drop");
    if (zone) {
      zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("dk-over"); });
      zone.addEventListener("dragleave", () => zone.classList.remove("dk-over"));
      zone.addEventListener("drop", (e) => {
        e.preventDefault();
        zone.classList.remove("dk-over");
        dropped(e.dataTransfer.files);
      });
      const input = $("dk-pick");
      if (input) input.addEventListener("change", () => dropped(input.files));
    }
    if ($("dk-status")) {
      run().catch((e) => {
        const s = $("dk-status");
        s.dataset.done = "yes";
        s.dataset.failures = "error";
        s.className = "dk-bad";
        s.textContent = "the check stopped: " + e.message;
      });
    }
  });
  window.DikastPlayerCheck = dropped;
})();
