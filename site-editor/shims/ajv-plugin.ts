// The ajv plugins Decap adds to its configuration check (see ajv.ts): unused.
const plugin = () => undefined
export default plugin
export const select = plugin
export const uniqueItemProperties = plugin
export const prohibited = plugin
const instanceOf = plugin
export { instanceOf as instanceof }
