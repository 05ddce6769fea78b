/**
 * Finds many plain substrings in a long text in one pass, as `grep -F -f` does: an Aho–Corasick
 * automaton over UTF-16 code units, turned into a full transition table so each character of
 * the text costs one table read. Triage uses it to learn, for every literal its signatures and
 * harmless rules require, which lines hold it, instead of searching the whole log once per
 * literal (a 100 MB log was read some 150 times that way).
 */

/** Characters that occur in no literal all share this class; the automaton ignores them. */
const OTHER = 0;

/** A compiled set of literals; {@link LiteralScan.lines} runs it over a text. */
export class LiteralScan {
	/** The literals, in the order given, without duplicates; a literal's id is its index. */
	readonly literals: readonly string[];
	/** Code unit → character class (0 for characters no literal has). */
	readonly #classOf: Uint16Array;
	readonly #classes: number;
	/** `state × classes + class` → the next state's row (complemented when it ends a literal). */
	readonly #next: Int32Array;
	/** The literals that end in each state (its own and those of its suffix states). */
	readonly #ends: (readonly number[] | undefined)[];

	/** Builds the automaton of `literals` (empty strings and duplicates are left out). */
	constructor(literals: Iterable<string>) {
		const unique = [...new Set(literals)].filter((literal) => literal !== '');
		this.literals = unique;
		const classOf = new Uint16Array(65_536);
		let classes = 1;
		for (const literal of unique) {
			for (let i = 0; i < literal.length; i++) {
				const unit = literal.charCodeAt(i);
				if (classOf[unit] === OTHER) classOf[unit] = classes++;
			}
		}
		this.#classOf = classOf;
		this.#classes = classes;
		// The trie: goto[state][class] (0 = none; state 0 is the root, which no edge enters).
		const goto: Int32Array[] = [new Int32Array(classes)];
		const ends: number[][] = [[]];
		unique.forEach((literal, id) => {
			let state = 0;
			for (let i = 0; i < literal.length; i++) {
				const c = classOf[literal.charCodeAt(i)]!;
				let target = goto[state]![c]!;
				if (target === 0) {
					target = goto.length;
					goto.push(new Int32Array(classes));
					ends.push([]);
					goto[state]![c] = target;
				}
				state = target;
			}
			ends[state]!.push(id);
		});
		// Breadth first, each state's missing edges become those of its longest proper suffix.
		const next = new Int32Array(goto.length * classes);
		const fail = new Int32Array(goto.length);
		const queue: number[] = [];
		for (let c = 0; c < classes; c++) {
			const target = goto[0]![c]!;
			next[c] = target;
			if (target !== 0) queue.push(target);
		}
		for (let head = 0; head < queue.length; head++) {
			const state = queue[head]!;
			const suffix = fail[state]!;
			if (ends[suffix]!.length > 0) ends[state]!.push(...ends[suffix]!);
			for (let c = 0; c < classes; c++) {
				const target = goto[state]![c]!;
				if (target !== 0) {
					fail[target] = next[suffix * classes + c]!;
					next[state * classes + c] = target;
					queue.push(target);
				} else next[state * classes + c] = next[suffix * classes + c]!;
			}
		}
		// Each entry holds the target's row offset (state × classes), so a step is one addition;
		// an entry whose target ends a literal holds the offset's complement (a negative number).
		for (let i = 0; i < next.length; i++) {
			const target = next[i]!;
			next[i] = ends[target]!.length > 0 ? ~(target * classes) : target * classes;
		}
		this.#next = next;
		this.#ends = ends.map((list) => (list.length > 0 ? list : undefined));
	}

	/**
	 * For each literal (by id), the 0-based lines of `text` (split at `\n`) that hold it, in
	 * ascending order, each once. A literal that spans a line break is never found.
	 */
	lines(text: string): number[][] {
		const found: number[][] = this.literals.map(() => []);
		const classOf = this.#classOf;
		const classes = this.#classes;
		const next = this.#next;
		const ends = this.#ends;
		let row = 0;
		let line = 0;
		for (let i = 0; i < text.length; i++) {
			const unit = text.charCodeAt(i);
			if (unit === 10) line++;
			const step = next[row + classOf[unit]!]!;
			if (step >= 0) {
				row = step;
				continue;
			}
			row = ~step;
			for (const id of ends[row / classes]!) {
				const lines = found[id]!;
				if (lines[lines.length - 1] !== line) lines.push(line);
			}
		}
		return found;
	}
}
