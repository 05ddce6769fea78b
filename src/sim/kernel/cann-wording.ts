/**
 * What changes with the CANN version in the kernel side's CPU-debug output: the install root
 * printed in paths, and the wording of the AllocEventID check.
 *
 * | CANN        | install root                | AllocEventID message                    | source |
 * |-------------|-----------------------------|-----------------------------------------|--------|
 * | ≤ 8.2       | `/usr/local/Ascend/latest/` | `current size is 4, max buffer number…` | ZH FAQ, CANNCommunityEdition 8.2.RC1.alpha002 (ascend-facts A.8) |
 * | 8.3 – 9.0   | `/usr/local/Ascend/cann/`   | `current size is 4, max buffer number…` | EN/ZH FAQ, CANN 9.0.0 = seed 000 (ascend-facts A.8) |
 * | ≥ 9.1       | `/usr/local/Ascend/cann/`   | `current id is 4, max buffer number…`   | cannmirror/asc-devkit:impl/basic_api/kernel_tpipe_impl.h (ascend-facts "Conflicts") |
 *
 * A vector instruction whose range passes its tensor fails a C assert in the CPU build the FAQ
 * documents (`Assertion \`false && "check vlrelu instr failed"' failed`, ascend-facts A.10); the
 * open-source dev kit reports it through KERNEL_LOG instead (`Failed to pass Add calcount mode
 * check.`, cannmirror/asc-devkit:impl/basic_api/kernel_log.h, ASCENDC_REPORT_CHECK_ERROR). That
 * boundary is taken at 9.1 as well, by the same inference.
 *
 * The two boundaries are inferred: the facts give one documented version on each side (the
 * FAQ pages of 8.2.RC1.alpha002 and 9.0.0, and the open-source dev kit that is newer than the
 * released docs), not the release that changed them. The default for every product is 9.0.0,
 * the version of the seed document, so the default run prints the seed's lines.
 */

/** The CPU-debug wording of one CANN version. */
export interface CannWording {
	/** The version as given, e.g. `8.0.RC2` or `9.0.0`. */
	version: string;
	/** `/usr/local/Ascend/latest` or `/usr/local/Ascend/cann` (no trailing slash). */
	installRoot: string;
	/** Whether the AllocEventID check says `current id is` (newer) instead of `current size is`. */
	currentIdWording: boolean;
	/**
	 * Whether framework files are printed at their open-source locations
	 * (`…/asc/impl/basic_api/*_impl.h`, illustrative) instead of `…/tikcpp/tikcfw/interface/`.
	 */
	openSourceLayout: boolean;
	/** Whether a failed vector check prints `Failed to pass … check.` instead of failing an assert. */
	checkReportWording: boolean;
}

/** Major and minor number of a CANN version string; undefined when it does not parse. */
export function parseCannVersion(version: string): { major: number; minor: number } | undefined {
	const match = /^(\d+)\.(\d+)/.exec(version.trim());
	if (!match) return undefined;
	return { major: Number(match[1]), minor: Number(match[2]) };
}

/** The wording for `version`; an unparseable version falls back to `fallback`. */
export function cannWording(version: string, fallback = '9.0.0'): CannWording {
	const parsed = parseCannVersion(version) ?? parseCannVersion(fallback)!;
	const n = parsed.major * 100 + parsed.minor;
	const shown = parseCannVersion(version) ? version : fallback;
	return {
		version: shown,
		installRoot: n <= 802 ? '/usr/local/Ascend/latest' : '/usr/local/Ascend/cann',
		currentIdWording: n >= 901,
		openSourceLayout: n >= 901,
		checkReportWording: n >= 901,
	};
}
