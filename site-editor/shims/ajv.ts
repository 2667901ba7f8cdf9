// Decap checks its configuration with ajv, which compiles its checks into
// new functions at run time (eval): the editor's policy allows no eval. The
// configuration is made from the content schemas and checked with ajv
// against Decap's own schema by a unit test (tests/unit/site-editor-config.test.ts),
// so the editor's bundle takes this stand-in, which accepts it as it is.
export default class Ajv {
  errors: null = null
  validate(): boolean {
    return true
  }
}
