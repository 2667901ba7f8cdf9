// Decap can read and write TOML, which this site does not use. Its TOML
// reader tries an eval when it loads, which the editor's policy refuses (and
// reports); this stand-in takes its place.
export default function parseToml(): never {
  throw new Error('This site keeps its content in YAML and Markdown, not TOML.')
}
