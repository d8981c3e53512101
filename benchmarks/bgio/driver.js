// Drives boardgame.io's server: LANES concurrent tic-tac-toe games over its socket,
// each lane playing MOVES moves (a new match whenever one ends: every match is the
// same nine-move draw). Matches are created, joined and connected before the window;
// it prints "window start", then "window end" and a JSON line of the results.
//   node driver.js PORT LANES MOVES WARMUP
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { TicTacToe } = require("./game");

const [port, lanes, moves, warmup] = process.argv.slice(2).map(Number);
const server = `http://127.0.0.1:${port}`;
const DRAW = [0, 1, 2, 4, 3, 5, 7, 6, 8]; // nine moves, no line for either player

async function post(path, body) {
  const r = await fetch(server + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json();
}

function within(ms, promise) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// A match ready to play: created, both seats joined, both players connected and
// synced. Now and then a client's first sync never comes (seen on a loaded machine):
// that match is dropped and another made, before the measured window.
let retried = 0;
async function match() {
  for (let attempt = 0; ; attempt++) {
    const clients = [];
    try {
      return await within(10000, setUp(clients));
    } catch (e) {
      clients.forEach((c) => c.stop());
      retried += 1;
      if (attempt >= 5) throw e;
    }
  }
}

async function setUp(clients) {
  const { matchID } = await post("/games/tictactoe/create", { numPlayers: 2 });
  for (const playerID of ["0", "1"]) {
    const { playerCredentials } = await post(`/games/tictactoe/${matchID}/join`, {
      playerID,
      playerName: `p${playerID}`,
    });
    const client = Client({
      game: TicTacToe,
      matchID,
      playerID,
      credentials: playerCredentials,
      // each player its own connection, as each browser has (a WebSocket, where
      // socket.io's default upgrades to)
      multiplayer: SocketIO({ server, socketOpts: { forceNew: true } }),
      debug: false,
    });
    client.start();
    clients.push(client);
  }
  await Promise.all(clients.map((c) => until(c, (s) => s !== null)));
  return clients;
}

function until(client, test) {
  return new Promise((resolve) => {
    const unsubscribe = client.subscribe((state) => {
      if (test(state)) {
        // (subscribe may call back at once, before ``unsubscribe`` is assigned)
        setImmediate(() => unsubscribe && unsubscribe());
        resolve(state);
      }
    });
  });
}

async function play(clients, ply, cell, latencies) {
  // Players take turns; the mover first has the state the last move made (sent to
  // both players), then its own move is timed until the server's new state arrives.
  const mover = clients[ply % 2];
  await until(mover, (s) => s && s._stateID >= ply);
  const start = process.hrtime.bigint();
  const arrived = within(30000, until(mover, (s) => s && s._stateID > ply));
  mover.moves.clickCell(cell);
  const state = await arrived;
  latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (state.G.cells[cell] !== String(ply % 2)) throw new Error("move not applied");
}

async function lane(matches, count, latencies) {
  let played = 0;
  while (played < count) {
    const clients = matches.shift();
    for (const [ply, cell] of DRAW.entries()) {
      if (played >= count) break;
      await play(clients, ply, cell, latencies);
      played += 1;
    }
    clients.forEach((c) => c.stop());
  }
}

async function main() {
  const ready = [];
  for (let i = 0; i < lanes; i++) {
    const matches = [];
    const needed = Math.ceil(warmup / DRAW.length) + Math.ceil(moves / DRAW.length);
    for (let j = 0; j < needed; j++) matches.push(await match());
    if (process.env.BGIO_DEBUG) console.error(`lane ${i} ready`);
    ready.push(matches);
  }
  const warm = [];
  await Promise.all(ready.map((m) => lane(m.slice(0, Math.ceil(warmup / 9)), warmup, warm)));
  // the warm-up's matches are used up; the measured moves start on fresh ones
  const fresh = ready.map((m) => m.slice(Math.ceil(warmup / 9)));
  const latencies = [];
  console.log("window start");
  const start = process.hrtime.bigint();
  await Promise.all(fresh.map((m) => lane(m, moves, latencies)));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log("window end");
  console.log(JSON.stringify({ latencies, seconds, retried }));
  process.exit(0);
}

// A stalled run (a socket never answering) ends rather than hangs.
setTimeout(() => {
  console.error("stalled: no result within 10 minutes");
  process.exit(2);
}, 600000).unref();

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
