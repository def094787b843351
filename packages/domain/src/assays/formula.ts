/**
 * Formulas of calculated tests: a small expression language over component
 * assay codes, parsed and evaluated here without eval or Function.
 *
 *   expression := term (("+" | "-") term)*
 *   term       := unary (("*" | "/") unary)*
 *   unary      := ("-" | "+") unary | power
 *   power      := primary ("^" unary)?          (right-associative; -2^2 is -(2^2))
 *   primary    := number | code | name "(" arguments ")" | "(" expression ")"
 *   code       := [A-Za-z_][A-Za-z0-9_]*  |  "[" any text but "]" "]"   ([BIL-T] for codes with - % #)
 *
 * Functions: min, max (one or more arguments), pow(x, y), exp(x), ln(x), and the
 * named clinical formulas friedewald(CHOL, HDL, TG) and ckd_epi_2021(KREA), which
 * also read the patient's sex and age.
 */
import type { Spol } from '../spol.ts';
import { ageInYears, ckdEpi2021Egfr, friedewaldLdl, FRIEDEWALD_MAX_TG_MMOL_L } from './named-formulas.ts';

export const MAX_FORMULA_LENGTH = 1000;
const MAX_NESTING = 64;

export type BinaryOperator = '+' | '-' | '*' | '/' | '^';

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'component'; code: string }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: BinaryOperator; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; name: FormulaFunctionName; args: FormulaNode[] };

export interface FormulaPatient {
  spol?: Spol | null | undefined;
  ageDays?: number | null | undefined;
}

export type FormulaFailure =
  /** The text is not a formula; detail says where and why. */
  | 'invalid_formula'
  /** A component has no numeric result (missing, or a text such as "<0.5"); detail is its code. */
  | 'missing_component'
  /** The named formula does not apply to this patient or these values (TG > 4.5, a child's eGFR, unknown sex). */
  | 'not_applicable'
  /** Division by zero, ln of a non-positive number, or an overflow. */
  | 'not_finite';

export type FormulaOutcome = { ok: true; value: number } | { ok: false; reason: FormulaFailure; detail: string };

export class FormulaSyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(`${message} (at ${position + 1})`);
    this.name = 'FormulaSyntaxError';
  }
}

/** Thrown inside evaluation only; evaluateFormula turns it into a FormulaOutcome. */
class EvaluationStop extends Error {
  constructor(readonly reason: Exclude<FormulaFailure, 'invalid_formula'>, readonly detail: string) {
    super(detail);
  }
}

interface FunctionSpec {
  minArgs: number;
  maxArgs: number;
  apply(args: number[], patient: FormulaPatient): number;
}

function requirePositive(value: number, name: string): number {
  if (!(value > 0)) throw new EvaluationStop('not_finite', `${name} of a non-positive number`);
  return value;
}

const FUNCTIONS = {
  min: { minArgs: 1, maxArgs: Infinity, apply: (args) => Math.min(...args) },
  max: { minArgs: 1, maxArgs: Infinity, apply: (args) => Math.max(...args) },
  pow: { minArgs: 2, maxArgs: 2, apply: ([base, exponent]) => (base as number) ** (exponent as number) },
  exp: { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.exp(x as number) },
  ln: { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.log(requirePositive(x as number, 'ln')) },
  friedewald: {
    minArgs: 3,
    maxArgs: 3,
    apply: ([chol, hdl, tg]) => {
      const ldl = friedewaldLdl(chol as number, hdl as number, tg as number);
      if (ldl === null) throw new EvaluationStop('not_applicable', `TG above ${FRIEDEWALD_MAX_TG_MMOL_L} mmol/L`);
      return ldl;
    },
  },
  ckd_epi_2021: {
    minArgs: 1,
    maxArgs: 1,
    apply: ([krea], patient) => {
      if (!patient.spol) throw new EvaluationStop('not_applicable', 'sex unknown');
      if (patient.ageDays === null || patient.ageDays === undefined) throw new EvaluationStop('not_applicable', 'age unknown');
      const egfr = ckdEpi2021Egfr(krea as number, patient.spol, ageInYears(patient.ageDays));
      if (egfr === null) throw new EvaluationStop('not_applicable', 'adults only, positive creatinine');
      return egfr;
    },
  },
} satisfies Record<string, FunctionSpec>;

export type FormulaFunctionName = keyof typeof FUNCTIONS;
export const FORMULA_FUNCTIONS = Object.keys(FUNCTIONS) as FormulaFunctionName[];

function isFunctionName(name: string): name is FormulaFunctionName {
  return Object.hasOwn(FUNCTIONS, name);
}

type Token =
  | { type: 'number'; value: number; position: number }
  | { type: 'name'; value: string; position: number }
  | { type: 'code'; value: string; position: number }
  | { type: 'symbol'; value: string; position: number }
  | { type: 'end'; position: number };

const NUMBER = /\d+(?:\.\d+)?|\.\d+/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const SYMBOLS = '+-*/^(),';

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < text.length) {
    const char = text[position] as string;
    if (/\s/.test(char)) {
      position += 1;
      continue;
    }
    NUMBER.lastIndex = position;
    const number = NUMBER.exec(text);
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), position });
      position += number[0].length;
      continue;
    }
    NAME.lastIndex = position;
    const name = NAME.exec(text);
    if (name) {
      tokens.push({ type: 'name', value: name[0], position });
      position += name[0].length;
      continue;
    }
    if (char === '[') {
      const close = text.indexOf(']', position + 1);
      if (close < 0) throw new FormulaSyntaxError('"[" without "]"', position);
      const code = text.slice(position + 1, close).trim();
      if (code === '' || code.includes('[')) throw new FormulaSyntaxError('empty or nested code in brackets', position);
      tokens.push({ type: 'code', value: code, position });
      position = close + 1;
      continue;
    }
    if (SYMBOLS.includes(char)) {
      tokens.push({ type: 'symbol', value: char, position });
      position += 1;
      continue;
    }
    throw new FormulaSyntaxError(`unexpected character "${char}"`, position);
  }
  tokens.push({ type: 'end', position: text.length });
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): FormulaNode {
    const node = this.expression();
    const next = this.peek();
    if (next.type !== 'end') throw new FormulaSyntaxError('unexpected text after the formula', next.position);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private take(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private isSymbol(value: string): boolean {
    const token = this.peek();
    return token.type === 'symbol' && token.value === value;
  }

  private expect(value: string): void {
    const token = this.take();
    if (token.type !== 'symbol' || token.value !== value) throw new FormulaSyntaxError(`"${value}" expected`, token.position);
  }

  private nested<T>(parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_NESTING) throw new FormulaSyntaxError('formula nested too deeply', this.peek().position);
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private expression(): FormulaNode {
    return this.nested(() => {
      let node = this.term();
      while (this.isSymbol('+') || this.isSymbol('-')) {
        const operator = (this.take() as { value: string }).value as BinaryOperator;
        node = { kind: 'binary', operator, left: node, right: this.term() };
      }
      return node;
    });
  }

  private term(): FormulaNode {
    let node = this.unary();
    while (this.isSymbol('*') || this.isSymbol('/')) {
      const operator = (this.take() as { value: string }).value as BinaryOperator;
      node = { kind: 'binary', operator, left: node, right: this.unary() };
    }
    return node;
  }

  private unary(): FormulaNode {
    return this.nested(() => {
      if (this.isSymbol('-')) {
        this.take();
        return { kind: 'negate', operand: this.unary() };
      }
      if (this.isSymbol('+')) {
        this.take();
        return this.unary();
      }
      return this.power();
    });
  }

  private power(): FormulaNode {
    const base = this.primary();
    if (!this.isSymbol('^')) return base;
    this.take();
    return { kind: 'binary', operator: '^', left: base, right: this.unary() };
  }

  private primary(): FormulaNode {
    const token = this.take();
    switch (token.type) {
      case 'number':
        return { kind: 'number', value: token.value };
      case 'code':
        return { kind: 'component', code: token.value };
      case 'name':
        if (!this.isSymbol('(')) return { kind: 'component', code: token.value };
        return this.call(token.value, token.position);
      case 'symbol':
        if (token.value === '(') {
          const inner = this.expression();
          this.expect(')');
          return inner;
        }
        throw new FormulaSyntaxError(`unexpected "${token.value}"`, token.position);
      case 'end':
        throw new FormulaSyntaxError('formula ends too early', token.position);
    }
  }

  private call(name: string, position: number): FormulaNode {
    if (!isFunctionName(name)) throw new FormulaSyntaxError(`unknown function "${name}"`, position);
    this.expect('(');
    const args: FormulaNode[] = [];
    if (!this.isSymbol(')')) {
      args.push(this.expression());
      while (this.isSymbol(',')) {
        this.take();
        args.push(this.expression());
      }
    }
    this.expect(')');
    const spec: FunctionSpec = FUNCTIONS[name];
    if (args.length < spec.minArgs || args.length > spec.maxArgs) {
      const wanted = spec.minArgs === spec.maxArgs ? `${spec.minArgs}` : `at least ${spec.minArgs}`;
      throw new FormulaSyntaxError(`${name} takes ${wanted} argument(s), got ${args.length}`, position);
    }
    return { kind: 'call', name, args };
  }
}

/** Parses a formula; throws FormulaSyntaxError (with the position) when it is not one. */
export function parseFormula(text: string): FormulaNode {
  if (text.length > MAX_FORMULA_LENGTH) throw new FormulaSyntaxError(`formula longer than ${MAX_FORMULA_LENGTH} characters`, MAX_FORMULA_LENGTH);
  return new Parser(tokenize(text)).parse();
}

/** The component assay codes a formula reads, each once, in order of first use. */
export function formulaComponents(formula: string | FormulaNode): string[] {
  const codes = new Set<string>();
  const visit = (node: FormulaNode): void => {
    switch (node.kind) {
      case 'component':
        codes.add(node.code);
        return;
      case 'negate':
        visit(node.operand);
        return;
      case 'binary':
        visit(node.left);
        visit(node.right);
        return;
      case 'call':
        node.args.forEach(visit);
        return;
      case 'number':
        return;
    }
  };
  visit(typeof formula === 'string' ? parseFormula(formula) : formula);
  return [...codes];
}

/**
 * Checks a formula for an assay editor: null when it parses and every component
 * is a known assay code, else the reason.
 */
export function formulaProblem(formula: string, knownCodes: ReadonlySet<string>): string | null {
  let components: string[];
  try {
    components = formulaComponents(formula);
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return error.message;
    throw error;
  }
  if (components.length === 0) return 'formula reads no component assay';
  const unknown = components.filter((code) => !knownCodes.has(code));
  return unknown.length > 0 ? `unknown assay code(s): ${unknown.join(', ')}` : null;
}

function applyOperator(operator: BinaryOperator, left: number, right: number): number {
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      if (right === 0) throw new EvaluationStop('not_finite', 'division by zero');
      return left / right;
    case '^':
      return left ** right;
  }
}

function evaluateNode(node: FormulaNode, values: Readonly<Record<string, number | null | undefined>>, patient: FormulaPatient): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'component': {
      const value = Object.hasOwn(values, node.code) ? values[node.code] : undefined;
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new EvaluationStop('missing_component', node.code);
      return value;
    }
    case 'negate':
      return -evaluateNode(node.operand, values, patient);
    case 'binary':
      return applyOperator(node.operator, evaluateNode(node.left, values, patient), evaluateNode(node.right, values, patient));
    case 'call': {
      const spec: FunctionSpec = FUNCTIONS[node.name];
      return spec.apply(node.args.map((arg) => evaluateNode(arg, values, patient)), patient);
    }
  }
}

/**
 * Evaluates a calculated test from its components' numeric results (by assay
 * code). Never throws: a broken formula, a missing component, a named formula
 * that does not apply, or a non-finite result comes back as a failure.
 */
export function evaluateFormula(
  formula: string | FormulaNode,
  values: Readonly<Record<string, number | null | undefined>>,
  patient: FormulaPatient = {},
): FormulaOutcome {
  let tree: FormulaNode;
  try {
    tree = typeof formula === 'string' ? parseFormula(formula) : formula;
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return { ok: false, reason: 'invalid_formula', detail: error.message };
    throw error;
  }
  try {
    const value = evaluateNode(tree, values, patient);
    if (!Number.isFinite(value)) return { ok: false, reason: 'not_finite', detail: 'result is not a finite number' };
    return { ok: true, value: value === 0 ? 0 : value };
  } catch (error) {
    if (error instanceof EvaluationStop) return { ok: false, reason: error.reason, detail: error.detail };
    throw error;
  }
}
