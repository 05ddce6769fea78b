/**
 * Keeps each "report a problem" link (`a[data-report]`) current: when a reproduction widget
 * says the reader changed it (share-event.ts), the link's prefilled issue gets the share link
 * of that state, a moment after the last change. Without scripts the link still opens the form
 * with the page and the language.
 */
import { REPRO_STATE_EVENT, type ReproStateDetail } from '../islands/repro/share-event.ts';
import { reportIssueUrl } from '../site/report-links.ts';
import type { Lang } from '../cases/schema.ts';

/** Wait after the last change before encoding, so stepping or typing does not encode each time. */
const SETTLE_MS = 300;

let timer: ReturnType<typeof setTimeout> | undefined;
let latest: ReproStateDetail | undefined;

async function update(): Promise<void> {
	const detail = latest;
	if (!detail) return;
	const { shareHash } = await import('../islands/repro/share-encode.ts');
	const hash = await shareHash(detail.state, detail.widget);
	if (detail !== latest) return;
	for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-report]')) {
		const { repository, page, title, lang } = link.dataset;
		if (!repository || !page || !title || (lang !== 'zh' && lang !== 'en')) continue;
		const shareUrl = new URL(hash, page).href;
		link.href = reportIssueUrl({ repository, lang: lang as Lang, pageUrl: page, title, shareUrl });
		link.dataset.shareUrl = shareUrl;
	}
}

document.addEventListener(REPRO_STATE_EVENT, (event) => {
	latest = (event as CustomEvent<ReproStateDetail>).detail;
	clearTimeout(timer);
	timer = setTimeout(() => void update(), SETTLE_MS);
});
