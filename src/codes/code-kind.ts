/**
 * The kinds of code and how each kind spells its id, apart from the schemas so that page scripts
 * can read ids without loading zod.
 */

/**
 * What a code is, which fixes how its id is spelled (and so its URL):
 * - `acl`: an aclError value, six decimal digits (`507035`);
 * - `screen`: a screen code, level letter + module character + four digits (`EE1023`);
 * - `inner`: a runtime internal number, lower-case hex without leading zeros (`0x7020023`);
 * - `ts`: a task-scheduler error, `ts-` + hex (`ts-0x31`);
 * - `drv`: a driver `drvError_t`, `drv-` + decimal (`drv-7`);
 * - `hccl`: an `HcclResult`, `hccl-` + decimal (`hccl-4`);
 * - `pta`: a torch_npu error code, `ERR` + two module digits + three code digits (`ERR00100`).
 */
export const CODE_KINDS = ['acl', 'screen', 'inner', 'ts', 'drv', 'hccl', 'pta'] as const;
/** One of {@link CODE_KINDS}. */
export type CodeKind = (typeof CODE_KINDS)[number];

/** The id pattern of each kind; ids are URL segments and never change. */
export const CODE_ID_PATTERNS: Readonly<Record<CodeKind, RegExp>> = {
	acl: /^[1-5]\d{5}$/,
	screen: /^[EWI][0-9A-Z]\d{4}$/,
	inner: /^0x[1-9a-f][0-9a-f]*$/,
	ts: /^ts-0x[1-9a-f][0-9a-f]*$/,
	drv: /^drv-[1-9]\d*$/,
	hccl: /^hccl-[1-9]\d*$/,
	pta: /^ERR\d{5}$/,
};

/** Any code id of any kind. */
export const CODE_ID =
	/^(?:[1-5]\d{5}|[EWI][0-9A-Z]\d{4}|0x[1-9a-f][0-9a-f]*|ts-0x[1-9a-f][0-9a-f]*|drv-[1-9]\d*|hccl-[1-9]\d*|ERR\d{5})$/;
