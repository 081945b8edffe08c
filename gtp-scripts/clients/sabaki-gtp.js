// Drives an engine the way Sabaki does, through @sabaki/gtp (the GTP library Sabaki is built
// on): several commands sent without waiting, continuous analysis read line by line, stopped
// by sending `protocol_version`, then more commands. Prints one JSON summary on stdout and
// exits 1 if anything went wrong.
//
// Usage: NODE_PATH=target/sgf-tools/node_modules node sabaki-gtp.js ENGINE [ARGS...]

const {Controller} = require('@sabaki/gtp')

// Sabaki's reading of an analysis line: `info` splits the variations; each is key value
// pairs until `pv`, whose value is the rest.
function parseInfo(line) {
  return line
    .split(/\s*info\s+/)
    .slice(1)
    .map(segment => {
      let [head, pv] = segment.split(/\s+pv\s+/)
      let words = head.trim().split(/\s+/)
      let fields = {}
      for (let i = 0; i + 1 < words.length; i += 2) fields[words[i]] = words[i + 1]
      return {
        move: fields.move,
        visits: Number(fields.visits),
        winrate: Number(fields.winrate),
        pv: pv ? pv.trim().split(/\s+/) : []
      }
    })
}

async function main() {
  let [engine, ...args] = process.argv.slice(2)
  let controller = new Controller(engine, args)
  controller.start()
  let problems = []
  let check = (ok, what) => ok || problems.push(what)

  // Sabaki syncs the board by firing its commands at once.
  let setup = [
    ['boardsize', '9'],
    ['clear_board'],
    ['komi', '7.5'],
    ['play', 'B', 'E5'],
    ['play', 'W', 'C3'],
    ['list_stones', 'B']
  ].map(([name, ...rest]) => controller.sendCommand({name, args: rest}))

  let groups = []
  let stopping = null
  let vertex = /^(pass|[A-HJ-T](1[0-9]|[1-9]))$/
  let analysis = controller.sendCommand({name: 'lz-analyze', args: ['B', '10']}, ({line}) => {
    if (!line.startsWith('info')) return
    let variations = parseInfo(line)
    groups.push(variations)
    if (groups.length === 3 && stopping == null) {
      // What Sabaki sends to stop an analysis, and what it sends next.
      stopping = [
        controller.sendCommand({name: 'protocol_version'}),
        controller.sendCommand({name: 'list_stones', args: ['W']}),
        controller.sendCommand({name: 'name'})
      ]
    }
  })

  let setupResponses = await Promise.all(setup)
  check(setupResponses.every(r => !r.error), 'a setup command failed')
  check(setupResponses[5].content === 'E5', `list_stones B answered ${setupResponses[5].content}`)
  let analysisResponse = await analysis
  check(!analysisResponse.error, 'lz-analyze failed')
  check(stopping != null, `only ${groups.length} info groups before the analysis ended`)
  let after = stopping ? await Promise.all(stopping) : []
  check(after.length === 3 && after[0].content === '2', 'protocol_version after the analysis')
  check(after.length === 3 && after[1].content === 'C3', 'list_stones W after the analysis')
  check(after.length === 3 && after[2].content === 'tengen', 'name after the analysis')

  let variations = groups.flat()
  check(variations.length > 0, 'no variations')
  for (let v of variations) {
    check(vertex.test(v.move), `bad move ${v.move}`)
    check(Number.isInteger(v.visits) && v.visits > 0, `bad visits ${v.visits}`)
    check(Number.isInteger(v.winrate) && v.winrate >= 0 && v.winrate <= 10000, `bad winrate ${v.winrate}`)
    check(v.pv.length > 0 && v.pv[0] === v.move && v.pv.every(m => vertex.test(m)), `bad pv ${v.pv}`)
    check(v.move !== 'E5' && v.move !== 'C3', `occupied point ${v.move} analysed`)
  }

  // Sabaki's engine move with analysis: the move comes as the line `play <vertex>`.
  let played = null
  let genmove = await controller.sendCommand(
    {name: 'genmove_analyze', args: ['B', '10']},
    ({line}) => {
      if (line.startsWith('play ')) played = line.slice(5).trim()
    }
  )
  check(!genmove.error && played != null && vertex.test(played), `genmove_analyze played ${played}`)
  let stones = await controller.sendCommand({name: 'list_stones', args: ['B']})
  check(played == null || played === 'pass' || stones.content.split(' ').includes(played), 'the move was not played')

  await controller.stop()
  console.log(JSON.stringify({groups: groups.length, variations: variations.length, played, problems}))
  process.exit(problems.length === 0 ? 0 : 1)
}

main().catch(err => {
  console.log(JSON.stringify({problems: [String(err)]}))
  process.exit(1)
})
