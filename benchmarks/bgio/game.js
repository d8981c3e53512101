// Tic-tac-toe, as boardgame.io's tutorial writes it; the move is processed on the
// server only (client: false), so a client sees a move once the server has sent it.
const { INVALID_MOVE } = require("boardgame.io/core");

const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

const TicTacToe = {
  name: "tictactoe",
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: {
      move: ({ G, playerID }, id) => {
        if (G.cells[id] !== null) return INVALID_MOVE;
        G.cells[id] = playerID;
      },
      client: false,
    },
  },
  endIf: ({ G, ctx }) => {
    for (const [a, b, c] of LINES) {
      if (G.cells[a] !== null && G.cells[a] === G.cells[b] && G.cells[a] === G.cells[c]) {
        return { winner: ctx.currentPlayer };
      }
    }
    if (G.cells.every((c) => c !== null)) return { draw: true };
  },
};

module.exports = { TicTacToe };
