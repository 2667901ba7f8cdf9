// Types for the parts of webvtt-parser (no types of its own) that lib/content/check.ts uses.
declare module 'webvtt-parser' {
  type Parsed = {
    errors: { message: string; line: number }[]
    styles: unknown[]
    cues: { startTime: number; endTime: number; text: string }[]
  }
  const webvtt: { WebVTTParser: new () => { parse(input: string, mode: 'subtitles'): Parsed } }
  export default webvtt
}
