/** How a resource amount reads: a count as it is, bytes in binary units (`3.50 KiB`). */
export function formatAmount(value: number, unit: 'count' | 'bytes'): string {
	if (unit === 'count') return String(value);
	const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
	let v = value;
	let i = 0;
	while (Math.abs(v) >= 1024 && i < units.length - 1) {
		v /= 1024;
		i++;
	}
	return `${i === 0 ? v : v.toFixed(v < 10 ? 2 : 1)} ${units[i]}`;
}
