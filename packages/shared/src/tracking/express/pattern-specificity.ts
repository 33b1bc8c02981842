/**
 * How specific a tracking-number pattern is: the bits of information a number must carry to match it,
 * counting each position by how few of the 36 characters 0-9A-Z it allows (a literal "Z" ≈ 5.2 bits,
 * a digit ≈ 1.85, any letter or digit 0), at its shortest length. A number matched by several formats
 * lists the most demanding one first: "1Z…" before "any 18 characters", an S10 item with its letter
 * and country positions before DHL eCommerce's loose "LX + 10 to 39 characters".
 *
 * A small recursive reader of the regular-expression subset the data uses (groups, alternation,
 * lookarounds, classes, escapes, quantifiers); lookarounds add nothing, so it can only underestimate.
 */

const ALPHABET = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const LITERAL_BITS = Math.log2(ALPHABET.length);

/** Bits for one position that accepts what `atom` (an escape or a class) accepts. */
function positionBits(atom: string): number {
  const matcher = new RegExp(`^${atom}$`);
  const allowed = ALPHABET.filter((char) => matcher.test(char)).length;
  // \s, \b and the like accept no character of a normalised number: they constrain nothing.
  return allowed === 0 ? 0 : Math.log2(ALPHABET.length / allowed);
}

class Reader {
  private pos = 0;
  constructor(private readonly source: string) {}

  atEnd(): boolean {
    return this.pos === this.source.length;
  }

  /** Alternatives separated by |: a number need only satisfy the least demanding one. */
  alternation(): number {
    let least = this.sequence();
    while (this.source[this.pos] === '|') {
      this.pos++;
      least = Math.min(least, this.sequence());
    }
    return least;
  }

  private sequence(): number {
    let bits = 0;
    while (this.pos < this.source.length && this.source[this.pos] !== '|' && this.source[this.pos] !== ')') {
      const atom = this.atom();
      bits += atom * this.minimumRepeats();
    }
    return bits;
  }

  private atom(): number {
    const char = this.source[this.pos]!;
    if (char === '(') return this.group();
    if (char === '[') {
      const end = this.classEnd();
      const bits = positionBits(this.source.slice(this.pos, end + 1));
      this.pos = end + 1;
      return bits;
    }
    if (char === '\\') {
      const escape = this.source.slice(this.pos, this.pos + 2);
      this.pos += 2;
      return /^\\[A-Za-z]$/.test(escape) ? positionBits(escape) : LITERAL_BITS;
    }
    this.pos++;
    return char === '^' || char === '$' || char === '.' ? 0 : LITERAL_BITS;
  }

  private group(): number {
    const lookaround = /^\(\?<?[=!]/.exec(this.source.slice(this.pos));
    const prefix = lookaround ?? /^\(\?(?::|<[A-Za-z][A-Za-z0-9]*>)|^\(/.exec(this.source.slice(this.pos))!;
    this.pos += prefix[0].length;
    const bits = this.alternation();
    if (this.source[this.pos] !== ')') throw new Error(`unbalanced group in ${this.source}`);
    this.pos++;
    return lookaround ? 0 : bits;
  }

  private classEnd(): number {
    let i = this.pos + 1;
    if (this.source[i] === '^') i++;
    if (this.source[i] === ']') i++;
    while (i < this.source.length && this.source[i] !== ']') i += this.source[i] === '\\' ? 2 : 1;
    if (i >= this.source.length) throw new Error(`unterminated class in ${this.source}`);
    return i;
  }

  /** The fewest repetitions the quantifier after an atom allows (1 when there is none). */
  private minimumRepeats(): number {
    const rest = this.source.slice(this.pos);
    const quantifier = /^(?:[*?]|\+|\{(\d+)(?:,\d*)?\})\??/.exec(rest);
    if (!quantifier) return 1;
    this.pos += quantifier[0].length;
    if (quantifier[1] !== undefined) return Number(quantifier[1]);
    return quantifier[0].startsWith('+') ? 1 : 0;
  }
}

/** The bits a number must carry to match `pattern` (see the module comment). */
export function patternSpecificity(pattern: string): number {
  const reader = new Reader(pattern);
  const bits = reader.alternation();
  if (!reader.atEnd()) throw new Error(`unbalanced group in ${pattern}`);
  return bits;
}
