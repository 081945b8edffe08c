#!/usr/bin/env node
// Reads SGF files with @sabaki/sgf (the SGF library Sabaki is built on) and prints what it
// finds, one JSON object per file, in the same shape as read_sgfmill.py.
// Usage: NODE_PATH=.../node_modules node read_sabaki.js FILE...
const sgf = require('@sabaki/sgf')

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'

for (const path of process.argv.slice(2)) {
  const [root] = sgf.parseFile(path)
  const size = parseInt(root.data.SZ[0], 10)
  const vertex = (value) => {
    if (value === '' || (size <= 19 && value === 'tt')) return 'pass'
    const [x, y] = sgf.parseVertex(value)
    return LETTERS[x] + (size - y)
  }
  const setup = (name) =>
    (root.data[name] || []).flatMap((v) => sgf.parseCompressedVertices(v)).map(([x, y]) => LETTERS[x] + (size - y)).sort()
  const moves = []
  for (let node = root; node; node = node.children[0]) {
    for (const colour of ['B', 'W']) {
      if (node.data[colour]) moves.push([colour, vertex(node.data[colour][0])])
    }
  }
  const one = (name) => (root.data[name] ? root.data[name][0] : null)
  console.log(JSON.stringify({
    size,
    komi: parseFloat(one('KM')),
    handicap: one('HA') ? parseInt(one('HA'), 10) : 0,
    result: one('RE'),
    rules: one('RU'),
    setup_black: setup('AB'),
    setup_white: setup('AW'),
    moves,
    // Only when the record has them, as read_sgfmill.py does.
    ...(one('TM') === null ? {} : { time_limit: parseFloat(one('TM')) }),
    ...(one('OT') === null ? {} : { overtime: one('OT') }),
  }))
}
