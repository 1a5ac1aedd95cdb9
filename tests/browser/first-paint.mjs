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
  const t = await page.evaluate(() => new Promise((resolve) => {
    const done = (paint) => resolve({ paint, load: performance.getEntriesByType('navigation')[0].loadEventEnd });
    new PerformanceObserver((list) => {
      const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint' || e.name === 'first-paint');
      if (fcp) done(fcp.startTime);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(() => done(NaN), 5000);
  }));
  paint.push(t.paint);
  load.push(t.load);
  await page.close();
}
await browser.close();
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`first paint ${median(paint).toFixed(0)} ms, load ${median(load).toFixed(0)} ms (median of ${runs})`);
