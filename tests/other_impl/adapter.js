#!/usr/bin/env node
// The adapter of the JavaScript Squirrel or Die: dieproof's referee protocol on
// stdin/stdout (one JSON request per line in, one JSON answer per line out).
//
//   node adapter.js [--bug NAME]        (or SOD_BUG=NAME in the environment)
//
// States travel as dieproof's canonical JSON, so `info` says "state": "canonical".

"use strict";

const readline = require("node:readline");
const { Table, RuleError, setBug } = require("./squirrel_or_die.js");

const GAME = "squirrel-or-die";

function parseArgs(argv) {
  let bug = process.env.SOD_BUG || null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--bug") bug = argv[++i] || null;
  }
  return { bug };
}

function fail(code, message, rule) {
  const error = new RuleError(code, message, rule);
  throw error;
}

function tableOf(request) {
  if (request.state === null || typeof request.state !== "object") fail("REFEREE.FIELD", "state is an object");
  return Table.fromCanonical(request.state);
}

const OPS = {
  info() {
    return {
      protocol: 1,
      implementation: "squirrel_or_die.js",
      games: [{ id: GAME, title: "Squirrel or Die", prefix: "SOD", players: [2, 3, 4] }],
      ops: ["info", "new", "legal", "chance", "apply", "result"],
      state: "canonical",
      error_codes: true,
    };
  },
  new(request) {
    const table = Table.fresh(request.config);
    return { config: table.toCanonical().config, state: table.toCanonical() };
  },
  legal(request) {
    const table = tableOf(request);
    return { to_move: table.mover(), actions: table.legalActions() };
  },
  chance(request) {
    const table = tableOf(request);
    return { to_move: table.mover(), outcomes: table.chanceOutcomes() };
  },
  apply(request) {
    return { state: tableOf(request).play(request.action).toCanonical() };
  },
  result(request) {
    const table = tableOf(request);
    return { to_move: table.mover(), result: table.result() };
  },
};

function answer(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { id: null, ok: false, error: { code: "REFEREE.JSON", message: String(error), rule: null } };
  }
  const id = request !== null && typeof request === "object" && "id" in request ? request.id : null;
  try {
    const op = OPS[request.op];
    if (op === undefined) fail("REFEREE.OP", `unknown op ${request.op}`);
    if (request.op !== "info" && request.game !== GAME) fail("CORE.UNKNOWN_GAME", `no game ${request.game}`);
    return { id, ok: true, result: op(request) };
  } catch (error) {
    if (error instanceof RuleError) {
      return { id, ok: false, error: { code: error.code, message: error.message, rule: error.rule } };
    }
    return { id, ok: false, error: { code: "REFEREE.INTERNAL", message: String(error && error.stack), rule: null } };
  }
}

function main() {
  setBug(parseArgs(process.argv.slice(2)).bug);
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    process.stdout.write(JSON.stringify(answer(line)) + "\n");
  });
}

main();
