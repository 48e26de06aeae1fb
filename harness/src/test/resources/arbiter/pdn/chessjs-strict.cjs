// Reads every game of a PGN file with chess.js (npm) in strict mode; prints one line per game it refuses,
// then "games N refused M". Usage: node chessjs-strict.cjs CHESS_JS_PACKAGE_DIR FILE.pgn
const { Chess } = require(process.argv[2]);
const fs = require('fs');
const games = fs.readFileSync(process.argv[3], 'utf8').split(/\n(?=\[Event )/).filter(g => g.trim());
let refused = 0;
games.forEach((g, i) => {
  try {
    new Chess().loadPgn(g, { strict: true });
  } catch (e) {
    refused++;
    console.log('game ' + (i + 1) + ': ' + String(e.message).split('\n')[0].slice(0, 300));
  }
});
console.log('games ' + games.length + ' refused ' + refused);
