// Finds visible text written into a view's source instead of coming from a catalogue: JSX text,
// string literals rendered as children, and literals given to visible attributes (aria-label,
// title, placeholder, alt, label) or to `useViewTitle`. Used by `no-hardcoded-strings.test.ts`.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/** Attributes whose value a person sees or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
])
/** Calls whose first argument is shown (the header title). */
const VISIBLE_CALLS = new Set(['useViewTitle'])
/** A letter in any script: punctuation, digits and symbols (·, —, +, …) are not words to translate. */
const LETTER = /\p{L}/u

export interface HardcodedString {
  file: string
  line: number
  text: string
}

/** Every `.tsx` file under `dir` (tests and test helpers excluded). */
export function viewFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (name !== 'test-helpers' && name !== '__snapshots__') out.push(...viewFiles(path))
    } else if (name.endsWith('.tsx') && !name.includes('.test.')) out.push(path)
  }
  return out
}

/** The literal texts of `node` that would be shown: both branches of `a ? 'x' : 'y'`, `a ?? 'x'`, templates. */
function shownLiterals(node: ts.Node, found: (n: ts.Node, text: string) => void): void {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found(node, node.text)
  else if (ts.isTemplateExpression(node)) {
    const text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ')
    found(node, text)
  } else if (ts.isConditionalExpression(node)) {
    shownLiterals(node.whenTrue, found)
    shownLiterals(node.whenFalse, found)
  } else if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      shownLiterals(node.left, found)
      shownLiterals(node.right, found)
    } else if (op === ts.SyntaxKind.AmpersandAmpersandToken) shownLiterals(node.right, found)
    else if (op === ts.SyntaxKind.PlusToken) {
      shownLiterals(node.left, found)
      shownLiterals(node.right, found)
    }
  } else if (ts.isParenthesizedExpression(node)) shownLiterals(node.expression, found)
}

/** The hard-coded visible strings of one TSX source. */
export function scanSource(file: string, source: string): HardcodedString[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const hits: HardcodedString[] = []
  const found = (node: ts.Node, text: string) => {
    if (!LETTER.test(text)) return
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
    hits.push({ file, line, text: text.trim() })
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) found(node, node.text)
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent))
      shownLiterals(node.expression, found)
    else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer
      if (ts.isStringLiteral(init)) found(init, init.text)
      else if (ts.isJsxExpression(init) && init.expression) shownLiterals(init.expression, found)
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      VISIBLE_CALLS.has(node.expression.text) &&
      node.arguments[0]
    )
      shownLiterals(node.arguments[0], found)
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return hits
}

/** The hard-coded visible strings of every view file under the given folders. */
export function scanViews(dirs: readonly string[]): HardcodedString[] {
  return dirs.flatMap((dir) => viewFiles(dir).flatMap((f) => scanSource(f, readFileSync(f, 'utf8'))))
}
