// js-yaml 3 (read by gray-matter) can turn `!!js/function` values into
// running code with esprima. The site's YAML has no such values, and the
// editor should never run code from a file, so esprima is left out.
export {}
