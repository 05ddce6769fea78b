import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	SOCIAL_CACHE_ENV,
	UNUSED_IMAGE_MS,
	cachedSocialImage,
	pruneSocialImageCache,
	socialImageFile,
} from './social-image-store.ts';

describe('the social image cache', () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'social-cache-test-'));
		process.env[SOCIAL_CACHE_ENV] = dir;
	});
	afterEach(() => {
		delete process.env[SOCIAL_CACHE_ENV];
		rmSync(dir, { recursive: true, force: true });
	});

	function ageFile(key: string, ms: number): void {
		const file = socialImageFile(key);
		writeFileSync(file, 'png');
		const then = new Date(Date.now() - ms);
		utimesSync(file, then, then);
	}

	it('lives where CASEBOOK_IMAGE_CACHE says', () => {
		expect(socialImageFile('abc')).toBe(join(dir, 'abc.png'));
	});

	it('finds a cached image and marks it as used now', () => {
		ageFile('old', UNUSED_IMAGE_MS * 2);
		expect(cachedSocialImage('old')).toBe(true);
		expect(Date.now() - statSync(socialImageFile('old')).mtimeMs).toBeLessThan(60_000);
		expect(cachedSocialImage('missing')).toBe(false);
	});

	it('drops images no build used for a month and keeps the rest', () => {
		ageFile('stale', UNUSED_IMAGE_MS + 60_000);
		ageFile('recent', UNUSED_IMAGE_MS - 60_000);
		expect(pruneSocialImageCache()).toBe(1);
		expect(existsSync(socialImageFile('stale'))).toBe(false);
		expect(existsSync(socialImageFile('recent'))).toBe(true);
	});
});
