// Parts of Decap this site does not use, each of which would need eval (the editor's policy
// allows none): ajv's plugins (see ajv.ts), the TOML reader (the content is YAML and Markdown),
// the WebP encoder (nothing is uploaded) and esprima (js-yaml's `!!js/function`, never run).
const unused = () => undefined
export default unused
export { unused as select, unused as uniqueItemProperties, unused as prohibited }
export { unused as instanceof, unused as encode, unused as decode }
