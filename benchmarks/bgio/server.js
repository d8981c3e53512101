// boardgame.io's server with its PostgreSQL store (bgio-postgres), on 127.0.0.1.
//   BGIO_DATABASE_URL=postgres://... BGIO_PORT=18115 node server.js
const { Server, Origins } = require("boardgame.io/server");
const { PostgresStore } = require("bgio-postgres");
const { TicTacToe } = require("./game");

// Connections kept a minute, as Tripost's (CONN_MAX_AGE = 60); the pool's size as shipped.
const db = new PostgresStore(process.env.BGIO_DATABASE_URL, {
  logging: false,
  pool: { max: 5, min: 0, idle: 60000 },
});
const server = Server({ games: [TicTacToe], db, origins: [Origins.LOCALHOST, /.*/] });
const port = Number(process.env.BGIO_PORT || 8000);
server.run({ port, callback: () => console.log(`listening ${port}`) });
