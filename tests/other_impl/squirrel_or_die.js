// Squirrel or Die, a second implementation written for dieproof's differential test.
//
// It is written from the rules (spec/squirrel-or-die.toml and the rulebook), not from the
// Python reference, and in another style: a mutable `Table` object that moves copy
// themselves and then change in place, a grid kept in a Map keyed by "row,col", a sack
// kept as an array of counts. Only the edges speak dieproof's canonical JSON
// (`toCanonical` / `fromCanonical`), which is what the adapter passes around.
//
// A planted bug can be switched on with `setBug(name)`, one at a time:
//   grid-off-by-one   the grid may grow one tile past its limit (5, or 4 with two players)
//   bomb-one-skull    the Bomb counts as one skull instead of two
//   cat-keeps-skull   the Confused Cat stays with its flipper instead of being given away
//   no-tie-rule       when the tiles run out, everyone still in wins (no food tie-break)
//   hide-anywhere     a hidden tile may go to any empty place, next to a tile or not
//                     (the legal list is right: only an illegal action shows it)
//   wrong-rule        a swap of a tile not in hand is refused naming SOD-AUTUMN-4, not
//                     SOD-AUTUMN-2 (the code is right: only the rule id shows it)
//   one-cat-skull     Confused Cats count as one skull however many a player holds
//                     (the default box has one Cat: only another box shows it)

"use strict";

const KINDS = ["food", "skull", "birdhouse", "bomb", "again", "sleepy", "love", "cat"];
const KIND_INDEX = new Map(KINDS.map((k, i) => [k, i]));
const BOX = [14, 8, 1, 1, 1, 1, 1, 1];
const VARIANTS = ["basic", "birdhouse", "reverse"];
const READINGS = {
  winter_start: ["next", "first"],
  cat_recipient: ["standing", "any"],
  birdhouse_tiebreak: ["not_food", "food"],
};
const HAND = 3;
const STEP_OF_ACTION = {
  draw: ["deal", "draw"],
  place: ["place"],
  swap: ["swap"],
  take: ["take"],
  hide: ["hide"],
  gather: ["gather"],
  flip: ["flip"],
  give: ["give"],
};
const WAITING_RULE = {
  deal: "SOD-SETUP-2",
  draw: "SOD-AUTUMN-1",
  place: "SOD-AUTUMN-1",
  swap: "SOD-AUTUMN-2",
  take: "SOD-BIRD-2",
  hide: "SOD-AUTUMN-4",
  gather: "SOD-REV-2",
  flip: "SOD-WINTER-1",
  give: "SOD-SPECIAL-5",
};
const ACTION_FIELDS = {
  draw: { tile: "kind" },
  place: { row: "int", col: "int" },
  swap: { tile: "kind", row: "int", col: "int" },
  take: { row: "int", col: "int" },
  hide: { tile: "kind", row: "int", col: "int" },
  gather: { tile: "kind", row: "int", col: "int" },
  flip: { patch: "int", row: "int", col: "int" },
  give: { player: "int" },
};

let BUG = null;
const BUGS = [
  "grid-off-by-one",
  "bomb-one-skull",
  "cat-keeps-skull",
  "no-tie-rule",
  "hide-anywhere",
  "wrong-rule",
  "one-cat-skull",
];

function setBug(name) {
  if (name !== null && !BUGS.includes(name)) {
    throw new Error(`unknown bug ${name}; known: ${BUGS.join(", ")}`);
  }
  BUG = name;
}

class RuleError extends Error {
  constructor(code, message, rule) {
    super(message);
    this.code = code;
    this.rule = rule === undefined ? null : rule;
  }
}

const refuse = (code, message, rule) => {
  throw new RuleError(code, message, rule);
};

// -- small helpers ------------------------------------------------------------------------

const key = (row, col) => `${row},${col}`;
const sum = (counts) => counts.reduce((a, b) => a + b, 0);
const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
const isInt = (v) => typeof v === "number" && Number.isInteger(v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const countsToJson = (counts) => Object.fromEntries(KINDS.map((k, i) => [k, counts[i]]));
const sideOf = (players) => (players === 2 ? 4 : 5);

function skullsIn(pile) {
  const bomb = BUG === "bomb-one-skull" ? 1 : 2;
  const cats = BUG === "one-cat-skull" ? Math.min(1, pile[KIND_INDEX.get("cat")]) : pile[KIND_INDEX.get("cat")];
  return pile[KIND_INDEX.get("skull")] + bomb * pile[KIND_INDEX.get("bomb")] + cats;
}

const livesOf = (pile) => 3 + pile[KIND_INDEX.get("love")];

// -- configuration ------------------------------------------------------------------------

function readConfig(raw) {
  const bad = (why) => refuse("SOD.CONFIG_JSON", `bad config: ${why}`, null);
  if (raw === undefined || raw === null) raw = {};
  if (!isObject(raw)) bad("not an object");
  const known = ["players", "variant", "first_player", "tiles", "readings"];
  for (const name of Object.keys(raw)) if (!known.includes(name)) bad(`unknown field ${name}`);
  const config = { players: 4, variant: "basic", firstPlayer: 0, box: BOX.slice(), readings: {} };
  if ("players" in raw) {
    if (!isInt(raw.players)) bad("players");
    config.players = raw.players;
  }
  if ("variant" in raw) {
    if (!VARIANTS.includes(raw.variant)) bad("variant");
    config.variant = raw.variant;
  }
  if ("first_player" in raw) {
    if (!isInt(raw.first_player)) bad("first_player");
    config.firstPlayer = raw.first_player;
  }
  if ("tiles" in raw) {
    if (!isObject(raw.tiles)) bad("tiles");
    config.box = KINDS.map(() => 0);
    for (const [name, count] of Object.entries(raw.tiles)) {
      if (!KIND_INDEX.has(name) || !isInt(count)) bad(`tiles.${name}`);
      config.box[KIND_INDEX.get(name)] = count;
    }
  }
  const readings = raw.readings === undefined ? {} : raw.readings;
  if (!isObject(readings)) bad("readings");
  for (const name of Object.keys(readings)) {
    if (!(name in READINGS) || !READINGS[name].includes(readings[name])) bad(`readings.${name}`);
  }
  for (const [name, options] of Object.entries(READINGS)) {
    config.readings[name] = name in readings ? readings[name] : options[0];
  }
  return config;
}

// What leaves the box before play (Setup step 1; the birdhouse variant keeps the birdhouse).
function leftInPlay(config) {
  const out = KINDS.map(() => 0);
  const take = (kind, n) => (out[KIND_INDEX.get(kind)] += n);
  if (config.players === 4) {
    take("food", 2);
    take("birdhouse", 1);
  } else if (config.players === 3) {
    take("skull", 3);
  } else {
    take("skull", 6);
    take("food", 5);
    take("birdhouse", 1);
  }
  if (config.variant === "birdhouse" && out[KIND_INDEX.get("birdhouse")] > 0) {
    out[KIND_INDEX.get("birdhouse")] = 0;
    take("food", 1);
  }
  return config.box.map((n, i) => n - out[i]);
}

function checkConfig(config) {
  if (config.players < 2 || config.players > 4) {
    refuse("SOD.PLAYERS", `2 to 4 players, not ${config.players}`, "SOD-SETUP-1");
  }
  if (config.firstPlayer < 0 || config.firstPlayer >= config.players) {
    refuse("SOD.FIRST_PLAYER", "first_player is not a seat", "SOD-SETUP-3");
  }
  const tiles = leftInPlay(config);
  if (tiles.some((n) => n < 0)) refuse("SOD.TILES_SHORT", "too few tiles in the box", "SOD-SETUP-1");
  const side = sideOf(config.players);
  if (sum(tiles) !== side * side) {
    refuse("SOD.TILES_TOTAL", `${sum(tiles)} tiles for a ${side}x${side} grid`, "SOD-SETUP-1");
  }
  if (config.variant === "birdhouse" && tiles[KIND_INDEX.get("birdhouse")] < 1) {
    refuse("SOD.NO_BIRDHOUSE", "the variant needs the birdhouse", "SOD-BIRD-1");
  }
  return tiles;
}

function configToJson(config) {
  return {
    first_player: config.firstPlayer,
    players: config.players,
    readings: { ...config.readings },
    tiles: countsToJson(config.box),
    variant: config.variant,
  };
}

// -- the table ----------------------------------------------------------------------------

class Table {
  static fresh(rawConfig) {
    const config = readConfig(rawConfig);
    const tiles = checkConfig(config);
    const t = new Table();
    t.config = config;
    t.n = config.players;
    t.sack = tiles;
    t.hands = Array.from({ length: t.n }, () => KINDS.map(() => 0));
    t.piles = Array.from({ length: t.n }, () => KINDS.map(() => 0));
    t.out = new Array(t.n).fill(false);
    t.asleep = new Array(t.n).fill(false);
    t.seat = config.firstPlayer;
    t.inHand = null;
    t.lastAutumnSeat = -1;
    t.ending = null;
    if (config.variant === "reverse") {
      t.grids = Array.from({ length: t.n }, () => new Map());
      t.phase = "autumn";
      t.waiting = "gather";
    } else {
      t.grids = [new Map()];
      t.phase = "setup";
      t.waiting = "deal";
      if (config.variant === "birdhouse") {
        t.grids[0].set(key(0, 0), { row: 0, col: 0, tile: "birdhouse", up: true });
        t.sack[KIND_INDEX.get("birdhouse")] -= 1;
      }
    }
    return t;
  }

  copy() {
    const t = new Table();
    Object.assign(t, this);
    t.config = this.config;
    t.sack = this.sack.slice();
    t.hands = this.hands.map((h) => h.slice());
    t.piles = this.piles.map((p) => p.slice());
    t.out = this.out.slice();
    t.asleep = this.asleep.slice();
    t.grids = this.grids.map((g) => new Map([...g].map(([k, c]) => [k, { ...c }])));
    t.ending = this.ending === null ? null : { ...this.ending, winners: this.ending.winners.slice() };
    return t;
  }

  // who acts: a seat, "chance" or "terminal"
  mover() {
    if (this.phase === "over") return "terminal";
    if (this.waiting === "deal" || this.waiting === "draw") return "chance";
    return this.seat;
  }

  limit() {
    const side = sideOf(this.n);
    return BUG === "grid-off-by-one" ? side + 1 : side;
  }

  isLandmark(cell) {
    return this.config.variant === "birdhouse" && cell.tile === "birdhouse";
  }

  faceUpCells() {
    return sortedCells(this.grids[0]).filter((c) => c.up && !this.isLandmark(c));
  }

  // -- queries --------------------------------------------------------------------------

  chanceOutcomes() {
    if (this.mover() !== "chance") return [];
    const total = sum(this.sack);
    const found = [];
    KINDS.forEach((kind, i) => {
      const n = this.sack[i];
      if (n > 0) {
        const d = gcd(n, total);
        found.push({ outcome: { type: "draw", tile: kind }, probability: `${n / d}/${total / d}` });
      }
    });
    return found;
  }

  legalActions() {
    const who = this.mover();
    if (typeof who !== "number") return [];
    const handKinds = KINDS.filter((k) => this.hands[this.seat][KIND_INDEX.get(k)] > 0);
    switch (this.waiting) {
      case "place":
        return openPlaces(this.grids[0], this.limit()).map(([row, col]) => ({ type: "place", row, col }));
      case "swap": {
        const ups = this.faceUpCells();
        return handKinds.flatMap((tile) => ups.map((c) => ({ type: "swap", tile, row: c.row, col: c.col })));
      }
      case "take":
        return this.faceUpCells().map((c) => ({ type: "take", row: c.row, col: c.col }));
      case "hide": {
        const places = openPlaces(this.grids[0], this.limit());
        return handKinds.flatMap((tile) => places.map(([row, col]) => ({ type: "hide", tile, row, col })));
      }
      case "gather": {
        const places = openPlaces(this.grids[this.seat], null);
        const middle = KINDS.filter((k, i) => this.sack[i] > 0);
        return middle.flatMap((tile) => places.map(([row, col]) => ({ type: "gather", tile, row, col })));
      }
      case "flip":
        return this.grids.flatMap((grid, patch) =>
          sortedCells(grid)
            .filter((c) => !c.up)
            .map((c) => ({ type: "flip", patch, row: c.row, col: c.col })),
        );
      case "give":
        return this.catTakers().map((player) => ({ type: "give", player }));
      default:
        return [];
    }
  }

  catTakers() {
    const anyone = this.config.readings.cat_recipient === "any";
    const found = [];
    for (let p = 0; p < this.n; p++) if (p !== this.seat && (anyone || !this.out[p])) found.push(p);
    return found;
  }

  // -- moves (on a copy) ----------------------------------------------------------------

  play(action) {
    const a = readAction(action);
    if (this.phase === "over") refuse("SOD.GAME_OVER", "the game is over", "SOD-END-1");
    if (!STEP_OF_ACTION[a.type].includes(this.waiting)) {
      refuse("SOD.WRONG_STEP", `waiting for ${this.waiting}, not ${a.type}`, WAITING_RULE[this.waiting]);
    }
    const next = this.copy();
    next[`do_${a.type}`](a);
    return next;
  }

  do_draw(a) {
    const i = KIND_INDEX.get(a.tile);
    if (this.sack[i] < 1) refuse("SOD.NOT_IN_BAG", `no ${a.tile} in the sack`, "SOD-AUTUMN-1");
    this.sack[i] -= 1;
    if (this.waiting === "draw") {
      this.inHand = a.tile;
      this.waiting = "place";
      return;
    }
    const grid = this.grids[0];
    if (grid.size < 4) {
      const spots = [[0, 0, false], [0, 1, true], [1, 0, true], [1, 1, true]];
      const [row, col, up] = spots[grid.size];
      grid.set(key(row, col), { row, col, tile: a.tile, up });
      if (grid.size === 4) this.dealOn();
      return;
    }
    this.hands[this.seat][i] += 1;
    this.dealOn();
  }

  dealOn() {
    for (let k = 0; k < this.n; k++) {
      const seat = (this.config.firstPlayer + k) % this.n;
      if (sum(this.hands[seat]) < HAND) {
        this.seat = seat;
        return;
      }
    }
    this.phase = "autumn";
    this.seat = this.config.firstPlayer;
    this.beginTurn();
  }

  do_place(a) {
    if (!isOpen(this.grids[0], a.row, a.col, this.limit())) {
      refuse("SOD.BAD_PLACE", `(${a.row}, ${a.col}) is not a legal place`, "SOD-AUTUMN-1");
    }
    this.grids[0].set(key(a.row, a.col), { row: a.row, col: a.col, tile: this.inHand, up: true });
    this.inHand = null;
    this.waiting = this.config.variant === "birdhouse" ? "take" : "swap";
  }

  takeFromHand(tile, rule) {
    const hand = this.hands[this.seat];
    if (hand[KIND_INDEX.get(tile)] < 1) refuse("SOD.NOT_IN_HAND", `no ${tile} in hand`, rule);
    hand[KIND_INDEX.get(tile)] -= 1;
  }

  faceUpAt(row, col, rule) {
    const cell = this.grids[0].get(key(row, col));
    if (cell === undefined || !cell.up || this.isLandmark(cell)) {
      refuse("SOD.NOT_FACE_UP", `no face-up tile at (${row}, ${col})`, rule);
    }
    return cell;
  }

  do_swap(a) {
    if (this.hands[this.seat][KIND_INDEX.get(a.tile)] < 1) {
      refuse("SOD.NOT_IN_HAND", `no ${a.tile} in hand`, BUG === "wrong-rule" ? "SOD-AUTUMN-4" : "SOD-AUTUMN-2");
    }
    const cell = this.faceUpAt(a.row, a.col, "SOD-AUTUMN-2");
    this.takeFromHand(a.tile, "SOD-AUTUMN-2");
    this.hands[this.seat][KIND_INDEX.get(cell.tile)] += 1;
    this.grids[0].set(key(a.row, a.col), { row: a.row, col: a.col, tile: a.tile, up: false });
    this.endAutumnTurn();
  }

  do_take(a) {
    const cell = this.faceUpAt(a.row, a.col, "SOD-BIRD-2");
    this.hands[this.seat][KIND_INDEX.get(cell.tile)] += 1;
    this.grids[0].delete(key(a.row, a.col));
    this.waiting = "hide";
  }

  do_hide(a) {
    const rule = this.config.variant === "birdhouse" ? "SOD-BIRD-2" : "SOD-AUTUMN-4";
    if (this.hands[this.seat][KIND_INDEX.get(a.tile)] < 1) refuse("SOD.NOT_IN_HAND", `no ${a.tile} in hand`, rule);
    const empty = !this.grids[0].has(key(a.row, a.col));
    if (!(BUG === "hide-anywhere" && empty) && !isOpen(this.grids[0], a.row, a.col, this.limit())) {
      refuse("SOD.BAD_PLACE", `(${a.row}, ${a.col}) is not a legal place`, rule);
    }
    this.takeFromHand(a.tile, rule);
    this.grids[0].set(key(a.row, a.col), { row: a.row, col: a.col, tile: a.tile, up: false });
    this.endAutumnTurn();
  }

  do_gather(a) {
    const i = KIND_INDEX.get(a.tile);
    if (this.sack[i] < 1) refuse("SOD.NOT_IN_MIDDLE", `no ${a.tile} in the middle`, "SOD-REV-2");
    const mine = this.grids[this.seat];
    if (!isOpen(mine, a.row, a.col, null)) refuse("SOD.BAD_PLACE", "not a legal place", "SOD-REV-2");
    mine.set(key(a.row, a.col), { row: a.row, col: a.col, tile: a.tile, up: false });
    this.sack[i] -= 1;
    this.endAutumnTurn();
  }

  endAutumnTurn() {
    this.lastAutumnSeat = this.seat;
    this.seat = (this.seat + 1) % this.n;
    this.beginTurn();
  }

  // What the player to move does this Autumn turn, or the start of Winter.
  beginTurn() {
    for (let tries = 0; tries <= this.n; tries++) {
      const stillInSack = sum(this.sack) > 0;
      if (this.config.variant === "reverse") {
        if (stillInSack) {
          this.waiting = "gather";
          return;
        }
        break;
      }
      if (stillInSack) {
        this.waiting = "draw";
        return;
      }
      if (this.faceUpCells().length > 0) {
        this.waiting = this.config.variant === "birdhouse" ? "take" : "swap";
        return;
      }
      if (!this.hands.some((h) => sum(h) > 0)) break;
      if (sum(this.hands[this.seat]) > 0) {
        this.waiting = "hide";
        return;
      }
      this.seat = (this.seat + 1) % this.n;
    }
    this.phase = "winter";
    this.waiting = "flip";
    this.seat =
      this.config.readings.winter_start === "first"
        ? this.config.firstPlayer
        : (this.lastAutumnSeat + 1) % this.n;
  }

  do_flip(a) {
    if (a.patch < 0 || a.patch >= this.grids.length) {
      refuse("SOD.NO_PATCH", `there is no patch ${a.patch}`, "SOD-WINTER-1");
    }
    const grid = this.grids[a.patch];
    const cell = grid.get(key(a.row, a.col));
    if (cell === undefined || cell.up) {
      refuse("SOD.NOT_FACE_DOWN", `no face-down tile at (${a.row}, ${a.col})`, "SOD-WINTER-1");
    }
    grid.delete(key(a.row, a.col));
    if (cell.tile === "cat" && BUG !== "cat-keeps-skull") {
      this.inHand = "cat";
      this.waiting = "give";
      return;
    }
    this.collect(this.seat, cell.tile);
    if (cell.tile === "sleepy") this.asleep[this.seat] = true;
    this.endWinterTurn(cell.tile === "again");
  }

  do_give(a) {
    if (!this.catTakers().includes(a.player)) {
      refuse("SOD.CAT_RECIPIENT", `player ${a.player} cannot take the cat`, "SOD-SPECIAL-5");
    }
    this.inHand = null;
    this.collect(a.player, "cat");
    this.endWinterTurn(false);
  }

  collect(player, tile) {
    const pile = this.piles[player];
    pile[KIND_INDEX.get(tile)] += 1;
    if (!this.out[player] && skullsIn(pile) >= livesOf(pile)) this.out[player] = true;
  }

  foodOf(player) {
    const pile = this.piles[player];
    const bonus = this.config.readings.birdhouse_tiebreak === "food" ? pile[KIND_INDEX.get("birdhouse")] : 0;
    return pile[KIND_INDEX.get("food")] + bonus;
  }

  endWinterTurn(again) {
    const standing = [];
    for (let p = 0; p < this.n; p++) if (!this.out[p]) standing.push(p);
    if (standing.length === 1) {
      this.finish(standing, "the last squirrel standing wins", "SOD-END-1");
      return;
    }
    const hidden = this.grids.some((g) => [...g.values()].some((c) => !c.up));
    if (!hidden) {
      const best = Math.max(...standing.map((p) => this.foodOf(p)));
      const winners = BUG === "no-tie-rule" ? standing : standing.filter((p) => this.foodOf(p) === best);
      this.finish(winners, `tie broken by food (${best})`, "SOD-END-2");
      return;
    }
    if (again && !this.out[this.seat]) {
      this.waiting = "flip";
      return;
    }
    let seat = this.seat;
    for (;;) {
      seat = (seat + 1) % this.n;
      if (this.out[seat]) continue;
      if (this.asleep[seat]) {
        this.asleep[seat] = false;
        continue;
      }
      break;
    }
    this.seat = seat;
    this.waiting = "flip";
  }

  finish(winners, reason, rule) {
    this.phase = "over";
    this.waiting = "none";
    this.ending = { winners, reason, rule };
  }

  result() {
    return this.ending === null ? null : { winners: this.ending.winners.slice(), reason: this.ending.reason, rule: this.ending.rule };
  }

  // -- dieproof's canonical JSON --------------------------------------------------------

  toCanonical() {
    return {
      bag: countsToJson(this.sack),
      collected: this.piles.map(countsToJson),
      config: configToJson(this.config),
      current: this.seat,
      hands: this.hands.map(countsToJson),
      held: this.inHand,
      last_autumn: this.lastAutumnSeat,
      out: this.out.slice(),
      patches: this.grids.map((g) =>
        sortedCells(g).map((c) => ({ col: c.col, face_up: c.up, row: c.row, tile: c.tile })),
      ),
      phase: this.phase,
      result: this.result(),
      sleeping: this.asleep.slice(),
      step: this.waiting,
    };
  }

  static fromCanonical(json) {
    if (!isObject(json) || !isObject(json.config)) refuse("SOD.STATE_JSON", "bad state", null);
    const t = new Table();
    t.config = readConfig(json.config);
    t.n = t.config.players;
    const counts = (o) => KINDS.map((k) => (isObject(o) && isInt(o[k]) ? o[k] : 0));
    t.sack = counts(json.bag);
    t.hands = (json.hands || []).map(counts);
    t.piles = (json.collected || []).map(counts);
    t.out = (json.out || []).slice();
    t.asleep = (json.sleeping || []).slice();
    t.seat = json.current;
    t.inHand = json.held === undefined ? null : json.held;
    t.lastAutumnSeat = json.last_autumn === undefined ? -1 : json.last_autumn;
    t.grids = (json.patches || []).map(
      (cells) => new Map(cells.map((c) => [key(c.row, c.col), { row: c.row, col: c.col, tile: c.tile, up: c.face_up }])),
    );
    t.phase = json.phase;
    t.waiting = json.step;
    t.ending = isObject(json.result) ? { ...json.result, winners: json.result.winners.slice() } : null;
    return t;
  }
}

function sortedCells(grid) {
  return [...grid.values()].sort((a, b) => a.row - b.row || a.col - b.col);
}

function bounds(grid) {
  let top = Infinity;
  let bottom = -Infinity;
  let left = Infinity;
  let right = -Infinity;
  for (const c of grid.values()) {
    top = Math.min(top, c.row);
    bottom = Math.max(bottom, c.row);
    left = Math.min(left, c.col);
    right = Math.max(right, c.col);
  }
  return { top, bottom, left, right };
}

// Whether (row, col) may take a tile: empty, sharing a side with a tile, and (with a limit)
// keeping the grid within `limit` rows and columns.
function isOpen(grid, row, col, limit) {
  if (grid.size === 0) return row === 0 && col === 0;
  if (grid.has(key(row, col))) return false;
  const touching = [[-1, 0], [1, 0], [0, -1], [0, 1]].some(([dr, dc]) => grid.has(key(row + dr, col + dc)));
  if (!touching) return false;
  if (limit === null) return true;
  const b = bounds(grid);
  const height = Math.max(b.bottom, row) - Math.min(b.top, row) + 1;
  const width = Math.max(b.right, col) - Math.min(b.left, col) + 1;
  return height <= limit && width <= limit;
}

function openPlaces(grid, limit) {
  if (grid.size === 0) return [[0, 0]];
  const seen = new Map();
  for (const c of grid.values()) {
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const [row, col] = [c.row + dr, c.col + dc];
      if (isOpen(grid, row, col, limit)) seen.set(key(row, col), [row, col]);
    }
  }
  return [...seen.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

// An action as dieproof's JSON names it, checked field by field (SOD.ACTION_JSON if not).
function readAction(raw) {
  const bad = (why) => refuse("SOD.ACTION_JSON", `bad action: ${why}`, null);
  if (!isObject(raw)) bad("not an object");
  const fields = ACTION_FIELDS[raw.type];
  if (typeof raw.type !== "string" || fields === undefined) bad(`unknown type ${JSON.stringify(raw.type)}`);
  for (const name of Object.keys(raw)) if (name !== "type" && !(name in fields)) bad(`unknown field ${name}`);
  for (const [name, kind] of Object.entries(fields)) {
    if (!(name in raw)) bad(`missing ${name}`);
    const ok = kind === "int" ? isInt(raw[name]) : KIND_INDEX.has(raw[name]);
    if (!ok) bad(`${name} is not a ${kind}`);
  }
  return raw;
}

module.exports = { Table, RuleError, setBug, BUGS };
