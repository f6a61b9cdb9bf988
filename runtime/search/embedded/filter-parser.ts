// Meilisearch filter syntax -> FilterNode. Grammar and precedence follow Meilisearch's
// filter-parser: OR < AND < NOT < primary; keywords are upper case; quoted values are never keywords.
//   or = and ("OR" and)* ; and = not ("AND" not)* ; not = "NOT" not | primary
//   primary = "(" or ")" | attr op value | attr value "TO" value | attr ["NOT"] "IN" [..]
//           | attr ["NOT"] "EXISTS" | attr "IS" ["NOT"] ("NULL" | "EMPTY")
import { SearchError } from '../search-error.js';
import type { Filter } from '../types.js';
import type { AttributeRef, ComparisonOperator, FilterNode } from './filter-ast.js';

type TokenKind = 'word' | 'quoted' | 'op' | '(' | ')' | '[' | ']' | ',';
interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'IN', 'TO', 'EXISTS', 'IS', 'NULL', 'EMPTY']);
const OPERATORS: ComparisonOperator[] = ['!=', '>=', '<=', '=', '>', '<'];
const EXPECTED_OPERATION =
  'Was expecting an operation `=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`, `EXISTS`, `NOT EXISTS`, `IS NULL`, `IS NOT NULL`, `IS EMPTY`, `IS NOT EMPTY`';

/** "start:end source" with 1-based columns, as Meilisearch prints it under filter errors. */
export function positionNote(source: string, start: number, end: number): string {
  return `${start + 1}:${end + 1} ${source}`;
}

function filterError(message: string, source: string, start: number, end: number): SearchError {
  return new SearchError('invalid_search_filter', `${message}\n${positionNote(source, start, end)}`);
}

/** One node as itself, several joined by AND or OR. */
function oneOrMany(kind: 'and' | 'or', children: FilterNode[]): FilterNode {
  const [only, ...more] = children;
  return only && more.length === 0 ? only : { kind, children };
}

/** A bare word ends at the end of the filter, a space, a bracket, a comma, a quote or an operator. */
const endsWord = (ch: string | undefined): boolean => ch === undefined || /[\s()[\],"'=!<>]/.test(ch);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  for (let ch = source[i]; ch !== undefined; ch = source[i]) {
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === '[' || ch === ']' || ch === ',') {
      tokens.push({ kind: ch, text: ch, start: i, end: i + 1 });
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) {
      tokens.push({ kind: 'op', text: op, start: i, end: i + op.length });
      i += op.length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      let text = '';
      while (j < source.length && source[j] !== ch) {
        // Meilisearch accepts a backslash-escaped quote inside a quoted value.
        if (source[j] === '\\' && j + 1 < source.length) j++;
        text += source[j];
        j++;
      }
      if (j >= source.length) {
        throw filterError(`Expression \`${source.slice(i)}\` is missing the following closing delimiter: \`${ch}\`.`, source, i, source.length);
      }
      tokens.push({ kind: 'quoted', text, start: i, end: j + 1 });
      i = j + 1;
      continue;
    }
    let j = i;
    while (!endsWord(source[j])) j++;
    if (j === i) throw filterError(`Unexpected character \`${ch}\`.`, source, i, i + 1);
    tokens.push({ kind: 'word', text: source.slice(i, j), start: i, end: j });
    i = j;
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
  ) {}

  parse(): FilterNode {
    const node = this.parseOr();
    const extra = this.peek();
    if (extra) {
      throw filterError(
        `Found unexpected characters at the end of the filter: \`${this.source.slice(extra.start)}\`. You probably forgot an \`OR\` or an \`AND\` rule.`,
        this.source,
        extra.start,
        this.source.length,
      );
    }
    return node;
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }
  private isKeyword(token: Token | undefined, keyword: string): boolean {
    return !!token && token.kind === 'word' && token.text === keyword;
  }
  private endOf(): number {
    return this.source.length;
  }

  private parseOr(): FilterNode {
    const children = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'OR')) {
      this.pos++;
      children.push(this.parseAnd());
    }
    return oneOrMany('or', children);
  }

  private parseAnd(): FilterNode {
    const children = [this.parseNot()];
    while (this.isKeyword(this.peek(), 'AND')) {
      this.pos++;
      children.push(this.parseNot());
    }
    return oneOrMany('and', children);
  }

  private parseNot(): FilterNode {
    if (this.isKeyword(this.peek(), 'NOT')) {
      this.pos++;
      const inner = this.parseNot();
      return inner.kind === 'not' ? inner.child : { kind: 'not', child: inner };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): FilterNode {
    const token = this.peek();
    if (!token) {
      throw filterError('Was expecting a value but instead got nothing.', this.source, this.endOf(), this.endOf());
    }
    if (token.kind === '(') {
      this.pos++;
      const inner = this.parseOr();
      const close = this.peek();
      if (!close || close.kind !== ')') {
        throw filterError(
          `Expression \`${this.source.slice(token.start)}\` is missing the following closing delimiter: \`)\`.`,
          this.source,
          token.start,
          this.endOf(),
        );
      }
      this.pos++;
      return inner;
    }
    return this.parseCondition();
  }

  private parseValue(what: string): Token {
    const token = this.peek();
    if (!token || (token.kind !== 'word' && token.kind !== 'quoted')) {
      const at = token ? token.start : this.endOf();
      throw filterError(`Was expecting ${what} but instead got \`${token ? token.text : ''}\`.`, this.source, at, token ? token.end : at);
    }
    if (token.kind === 'word' && KEYWORDS.has(token.text)) {
      throw filterError(
        `\`${token.text}\` is a reserved keyword and thus can't be used as a value. Wrap it in quotes to use it as a value.`,
        this.source,
        token.start,
        token.end,
      );
    }
    this.pos++;
    return token;
  }

  private parseCondition(): FilterNode {
    const attrToken = this.parseValue('an attribute');
    const attribute: AttributeRef = { name: attrToken.text, start: attrToken.start, end: attrToken.end, source: this.source };
    const next = this.peek();
    if (next?.kind === 'op') {
      this.pos++;
      const value = this.parseValue('a value');
      return { kind: 'compare', attribute, op: next.text as ComparisonOperator, value: value.text };
    }
    if (this.isKeyword(next, 'IN')) {
      this.pos++;
      return { kind: 'in', attribute, values: this.parseList() };
    }
    if (this.isKeyword(next, 'EXISTS')) {
      this.pos++;
      return { kind: 'exists', attribute };
    }
    if (this.isKeyword(next, 'NOT')) {
      const after = this.peek(1);
      if (this.isKeyword(after, 'IN')) {
        this.pos += 2;
        return { kind: 'not', child: { kind: 'in', attribute, values: this.parseList() } };
      }
      if (this.isKeyword(after, 'EXISTS')) {
        this.pos += 2;
        return { kind: 'not', child: { kind: 'exists', attribute } };
      }
    }
    if (this.isKeyword(next, 'IS')) {
      const negated = this.isKeyword(this.peek(1), 'NOT');
      const what = this.peek(negated ? 2 : 1);
      if (this.isKeyword(what, 'NULL') || this.isKeyword(what, 'EMPTY')) {
        this.pos += negated ? 3 : 2;
        const node: FilterNode = what!.text === 'NULL' ? { kind: 'isNull', attribute } : { kind: 'isEmpty', attribute };
        return negated ? { kind: 'not', child: node } : node;
      }
    }
    if (next && (next.kind === 'word' || next.kind === 'quoted') && this.isKeyword(this.peek(1), 'TO')) {
      this.pos += 2;
      const to = this.parseValue('a value');
      return { kind: 'between', attribute, from: next.text, to: to.text };
    }
    throw filterError(
      `${EXPECTED_OPERATION} at \`${this.source.slice(attrToken.start, next ? next.end : this.endOf())}\`.`,
      this.source,
      attrToken.start,
      next ? next.end : this.endOf(),
    );
  }

  private parseList(): string[] {
    const open = this.peek();
    if (!open || open.kind !== '[') {
      const at = open ? open.start : this.endOf();
      throw filterError('Expected `[` after `IN` keyword.', this.source, at, open ? open.end : at);
    }
    this.pos++;
    const values: string[] = [];
    while (this.peek() && this.peek()!.kind !== ']') {
      values.push(this.parseValue('a value').text);
      if (this.peek()?.kind === ',') this.pos++;
      else break;
    }
    const close = this.peek();
    if (!close || close.kind !== ']') {
      throw filterError('Expected matching `]` after the list of field names given to `IN[`', this.source, open.start, this.endOf());
    }
    this.pos++;
    return values;
  }
}

/** Parses one filter string. An empty or blank string matches everything. */
export function parseFilterString(source: string): FilterNode {
  if (source.trim() === '') return { kind: 'all' };
  return new Parser(source, tokenize(source)).parse();
}

/** Parses a filter in any form Meilisearch accepts: string, or array (outer AND, inner OR). */
export function parseFilter(filter: Filter | null | undefined): FilterNode {
  if (filter == null) return { kind: 'all' };
  if (typeof filter === 'string') return parseFilterString(filter);
  if (!Array.isArray(filter)) {
    throw new SearchError('invalid_search_filter', 'Invalid syntax for the filter parameter: `expected String, Array`.');
  }
  const ands: FilterNode[] = [];
  for (const item of filter) {
    if (typeof item === 'string') {
      const node = parseFilterString(item);
      if (node.kind !== 'all') ands.push(node);
    } else if (Array.isArray(item)) {
      const ors: FilterNode[] = [];
      for (const inner of item) {
        if (typeof inner !== 'string') {
          throw new SearchError('invalid_search_filter', 'Invalid syntax for the filter parameter: `expected String, found an array of depth three or more`.');
        }
        const node = parseFilterString(inner);
        if (node.kind !== 'all') ors.push(node);
      }
      if (ors.length > 0) ands.push(oneOrMany('or', ors));
    } else {
      throw new SearchError('invalid_search_filter', 'Invalid syntax for the filter parameter: `expected String, Array`.');
    }
  }
  if (ands.length === 0) return { kind: 'all' };
  return oneOrMany('and', ands);
}
