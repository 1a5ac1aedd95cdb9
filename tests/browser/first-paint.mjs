// First paint of a published page in headless Chromium, for bench/publish.sh:
//   node first-paint.mjs PAGE.html [RUNS]
// Prints the median first-contentful-paint and load-event times in ms.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

const url = pathToFileURL(path.resolve(process.argv[2])).href;
const runs = Number(process.argv[3] || 5);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [...(process.getuid() === 0 ? ['--no-sandbox'] : []), '--disable-gpu'],
});
const paint = [];
const load = [];
for (let i = 0; i < runs; i++) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(url, { waitUntil: 'load' });
  const t = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    load: performance.getEntriesByType('navigation')[0].loadEventEnd,
  }));
  paint.push(t.paint);
  load.push(t.load);
  await page.close();
}
await browser.close();
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`first paint ${median(paint).toFixed(0)} ms, load ${median(load).toFixed(0)} ms (median of ${runs})`);
