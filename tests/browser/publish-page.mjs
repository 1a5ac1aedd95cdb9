// The published page tried in real headless Chromium (Debian's chromium),
// driven through the DevTools protocol by puppeteer-core:
//
//   node publish-page.mjs --cli BENCHSCOPE_CLI --samples SAMPLE_DATA --work DIR
//                         [--chromium PATH] [--screenshots DIR]
//
// Publishes the sample set (as scripts/demo.sh does) and a capture whose
// names are HTML, opens both from file:// and checks: every tab shows its
// table when clicked and by arrow keys; a permalink opens its tab; every
// download exists with the size and sha256 the page gives; the console has
// no error; no request leaves file://; the injected names run nothing and
// show as text; without JavaScript every table shows; at 375 px the page
// does not scroll sideways; two captures of one revision give unique ids,
// each tab switching its own panel, and a name with markup keeps the charts.
// The four authored pages (sample-data/pages/*.md, `publish --page`): the
// first chart or table within the first screen at 1280 px and at 375 px;
// chart text at least 9 px at both; charts follow dark mode; printed, no
// table runs past the paper's edge; "how to read these figures" once.
// The page that grows (`publish --store`): a store of the sample history and
// the injected-name capture (its commit markup too), with --repo-url: every
// tab, unique ids, the badges drawn, the commit links, nothing injected run,
// no sideways scroll at 375 px.
// Prints "N passed, N failed"; exits 1 on a failure.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import puppeteer from 'puppeteer-core';

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const chromium = args.chromium || '/usr/bin/chromium';
const work = path.resolve(args.work);
let passed = 0;
let screenshotSuite = '';
let failed = 0;

function check(ok, what) {
  if (ok) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL: ${what}`);
  }
}

function publish(inputs, out) {
  execFileSync(args.cli, ['publish', ...inputs, '--out', out, '--force'], { stdio: ['ignore', 'inherit', 'inherit'] });
  return pathToFileURL(path.join(out, 'index.html')).href;
}

// A real capture whose participant, case, caveat and source are HTML and a
// script URL: the page must show them as text and run none of them.
function hostileCapture(dir) {
  const source = path.join(args.samples, 'local', 'http-saturation.json.gz');
  const capture = JSON.parse(zlib.gunzipSync(fs.readFileSync(source)));
  capture.suite.title = '<script>window.__injected = 1</script>Hostile suite';
  capture.participants[0].label = '<img src=x onerror=alert(1)>';
  capture.cases[0].label = '<svg onload="window.__injected = 2">';
  capture.provenance.caveats.push('"><iframe src="javascript:alert(3)"></iframe>');
  capture.provenance.source = 'javascript:alert(4)';
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'hostile.json.gz');
  fs.writeFileSync(file, zlib.gzipSync(JSON.stringify(capture)));
  return file;
}

// Two captures of one revision (the same revision id, so the same section
// and tab ids asked for), one with a participant whose name closes the SVG
// title, opens a script and carries control characters: every id on the
// page is unique, each tab switches its own panel, and every chart is drawn.
function sameRevisionCaptures(dir) {
  const source = path.join(args.samples, 'local', 'http-saturation.json.gz');
  fs.mkdirSync(dir, { recursive: true });
  const files = [];
  for (const name of ['first', 'second']) {
    const capture = JSON.parse(zlib.gunzipSync(fs.readFileSync(source)));
    if (name === 'second') capture.participants[0].label = '</title><script>window.__injected = 5</script>\u001b\u007f';
    const file = path.join(dir, `${name}.json.gz`);
    fs.writeFileSync(file, zlib.gzipSync(JSON.stringify(capture)));
    files.push(file);
  }
  return files;
}

async function openPage(browser, url, { javaScript = true, width = 1280, height = 900 } = {}) {
  const page = await browser.newPage();
  const problems = { errors: [], requests: [], dialogs: [] };
  await page.setJavaScriptEnabled(javaScript);
  await page.setViewport({ width, height });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.url().startsWith('file://')) {
      request.continue();
    } else {
      problems.requests.push(request.url());
      request.abort();
    }
  });
  page.on('console', (message) => { if (message.type() === 'error') problems.errors.push(message.text()); });
  page.on('pageerror', (error) => problems.errors.push(String(error)));
  page.on('dialog', async (dialog) => { problems.dialogs.push(dialog.message()); await dialog.dismiss(); });
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems };
}

// Each tab clicked: it is selected, its panel shows a table, the others hide.
async function checkTabs(page) {
  const lists = await page.$$('[role="tablist"]');
  check(lists.length > 0, 'the page has tab sets');
  let tabs = 0;
  for (const list of lists) {
    const ids = await list.$$eval('[role="tab"]', (ts) => ts.map((t) => t.id));
    for (const id of ids) {
      await page.click(`[id="${id}"]`);
      tabs++;
      const state = await page.evaluate((tabId) => {
        const tab = document.getElementById(tabId);
        const panel = document.getElementById(tab.getAttribute('aria-controls'));
        const siblings = [...tab.parentNode.querySelectorAll('[role="tab"]')].filter((t) => t !== tab);
        const table = panel.querySelector('table');
        return {
          selected: tab.getAttribute('aria-selected') === 'true',
          shown: !panel.hidden && panel.offsetHeight > 0,
          table: !!table && table.offsetHeight > 0 && table.querySelectorAll('tbody tr').length > 0,
          othersHidden: siblings.every((t) => document.getElementById(t.getAttribute('aria-controls')).hidden),
          hash: decodeURIComponent(location.hash.slice(1)) === panel.id,
        };
      }, id);
      check(state.selected && state.shown, `tab ${id}: selected and its panel shown`);
      check(state.table, `tab ${id}: its panel shows a table with rows`);
      check(state.othersHidden, `tab ${id}: the other panels of its set are hidden`);
      check(state.hash, `tab ${id}: the address is its permalink`);
    }
  }
  return tabs;
}

async function checkKeys(page) {
  const first = await page.$eval('[role="tablist"] [role="tab"]', (t) => t.id);
  await page.focus(`[id="${first}"]`);
  await page.keyboard.press('ArrowRight');
  const moved = await page.evaluate(() => {
    const tab = document.activeElement;
    return tab.getAttribute('role') === 'tab' && tab.getAttribute('aria-selected') === 'true'
      && tab.previousElementSibling && tab.previousElementSibling.getAttribute('aria-selected') === 'false';
  });
  check(moved, 'ArrowRight moves the focus to the next tab and selects it');
  await page.keyboard.press('End');
  const last = await page.evaluate(() => document.activeElement === document.activeElement.parentNode.lastElementChild);
  check(last, 'End selects the last tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  check(outline !== 'none', 'a focused tab has a visible outline');
}

async function checkPermalink(browser, url) {
  const probe = await openPage(browser, url);
  const target = await probe.page.$$eval('[role="tablist"] [role="tab"]:last-child', (ts) => ts.map((t) => t.getAttribute('aria-controls')).pop());
  await probe.page.close();
  const { page } = await openPage(browser, `${url}#${encodeURIComponent(target)}`);
  const open = await page.evaluate((id) => {
    const panel = document.getElementById(id);
    return !panel.hidden && document.getElementById(panel.getAttribute('aria-labelledby')).getAttribute('aria-selected') === 'true';
  }, target);
  check(open, `the permalink #${target} opens its tab`);
  await page.close();
}

async function checkDownloads(page, site) {
  const links = await page.$$eval('a[download]', (as) => as.map((a) => ({ href: a.getAttribute('href'), sha: a.dataset.sha256, bytes: Number(a.dataset.bytes) })));
  check(links.length > 0, 'the page offers downloads');
  for (const link of links) {
    const file = path.join(site, link.href);
    const exists = fs.existsSync(file);
    check(exists, `download ${link.href} exists`);
    if (!exists) continue;
    const bytes = fs.readFileSync(file);
    check(bytes.length === link.bytes, `download ${link.href}: ${bytes.length} bytes as the page says`);
    check(createHash('sha256').update(bytes).digest('hex') === link.sha, `download ${link.href}: sha256 as the page says`);
  }
  return links.length;
}

function checkClean(problems, what) {
  check(problems.errors.length === 0, `${what}: no console error (${problems.errors.join(' | ')})`);
  check(problems.requests.length === 0, `${what}: no request leaves file:// (${problems.requests.join(' ')})`);
  check(problems.dialogs.length === 0, `${what}: no dialog opened (${problems.dialogs.join(' ')})`);
}

// What a reader of an authored page sees first, and how its charts read.
async function firstScreen(page) {
  return page.evaluate(() => {
    const first = document.querySelector('.chart-box, .table-box');
    const charts = [...document.querySelectorAll('.chart-box svg')].filter((svg) => svg.getBoundingClientRect().width > 0);
    const smallest = charts.map((svg) => {
      const sizes = [...svg.querySelectorAll('[font-size]')].map((t) => Number(t.getAttribute('font-size'))).filter((n) => n > 0);
      return Math.min(...sizes) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    });
    return {
      firstTop: first ? first.getBoundingClientRect().top + window.scrollY : Infinity,
      screen: window.innerHeight,
      smallestText: smallest.length ? Math.min(...smallest) : Infinity,
      scrollWidth: document.documentElement.scrollWidth,
      readingNotes: document.body.innerText.split("Values are the representative repetition's").length - 1,
    };
  });
}

async function checkAuthoredPages(browser) {
  const pages = path.join(path.resolve(args.samples), 'pages');
  for (const file of fs.readdirSync(pages).filter((f) => f.endsWith('.md')).sort()) {
    const name = path.basename(file, '.md');
    const site = path.join(work, 'pages', name);
    execFileSync(args.cli, ['publish', '--page', path.join(pages, file), '--out', site, '--force'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const url = pathToFileURL(path.join(site, 'index.html')).href;
    for (const [width, height] of [[1280, 800], [375, 667]]) {
      const { page, problems } = await openPage(browser, url, { width, height });
      const seen = await firstScreen(page);
      check(seen.firstTop < seen.screen, `${name} at ${width} px: the first chart or table starts within the first screen (at ${Math.round(seen.firstTop)} of ${seen.screen} px)`);
      check(seen.smallestText >= 9, `${name} at ${width} px: chart text is readable (smallest ${seen.smallestText.toFixed(1)} px)`);
      check(seen.scrollWidth <= width, `${name} at ${width} px: the page does not scroll sideways (${seen.scrollWidth})`);
      check(seen.readingNotes <= 1, `${name}: how to read the figures is said once (${seen.readingNotes} times)`);
      if (width === 1280) {
        // Every chart's first value (bars, ranges, boxes, latency lines,
        // before/after), hovered where it is drawn.
        const charts = await page.evaluate(() => document.querySelectorAll('.chart-values').length);
        check(charts > 0, `${name}: its charts offer their values on hover (${charts} charts with values)`);
        for (let c = 0; c < charts; c++) {
          const mark = await page.evaluate((c) => {
            const list = document.querySelectorAll('.chart-values')[c];
            const svg = list.previousElementSibling.querySelector('svg');
            const li = list.children[0];
            if (!svg || !li) return null;
            // As a reader gets there: each tab around the chart clicked,
            // outermost first, and a folded section opened.
            const around = [];
            for (let e = list.parentElement; e; e = e.parentElement) around.unshift(e);
            for (const e of around) {
              if (e.getAttribute('role') === 'tabpanel') document.getElementById(e.getAttribute('aria-labelledby')).click();
              if (e.tagName === 'DETAILS') e.open = true;
            }
            const at = () => {
              const r = svg.getBoundingClientRect();
              const scale = r.width / svg.viewBox.baseVal.width;
              return { x: r.left + Number(li.dataset.x) * scale, y: r.top + Number(li.dataset.y) * scale + 1 };
            };
            window.scrollBy(0, at().y - window.innerHeight / 2); // the value in the middle of the screen
            // Marks drawn within a few pixels of it (equal or near values,
            // one line above another) may answer for it.
            const r = svg.getBoundingClientRect();
            const near = 3 * svg.viewBox.baseVal.width / r.width;
            const same = [...list.children].filter((o) => Math.hypot(o.dataset.x - li.dataset.x, o.dataset.y - li.dataset.y) <= near)
              .map((o) => o.textContent);
            return { ...at(), texts: same };
          }, c);
          if (!mark) continue;
          await page.mouse.move(mark.x, mark.y);
          const tip = await page.evaluate(() => { const t = document.querySelector('.chart-box:hover .chart-tip'); return t && !t.hidden ? t.textContent : ''; });
          check(mark.texts.includes(tip), `${name}: hovering chart ${c + 1}'s first value shows it (${tip || 'nothing'})`);
        }
      }
      if (args.screenshots && width === 375)
        await page.screenshot({ path: path.join(args.screenshots, `page-${name}-375.png`) });
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
      const dark = await page.evaluate(() => {
        const svg = document.querySelector('.chart-box svg');
        return { charts: !!svg, filter: svg ? getComputedStyle(svg).filter : '', background: getComputedStyle(document.body).backgroundColor };
      });
      check(!dark.charts || /invert/.test(dark.filter), `${name}: in dark mode the charts are drawn dark (filter ${dark.filter})`);
      await page.emulateMediaFeatures([]);
      await page.setViewport({ width: 700, height: 1000 });
      await page.emulateMediaType('print');
      const cut = await page.evaluate(() => {
        const edge = document.documentElement.clientWidth + 1;
        return [...document.querySelectorAll('table')].filter((t) => t.getBoundingClientRect().right > edge).length;
      });
      check(cut === 0, `${name}: printed, no table runs past the paper's edge (${cut} do)`);
      checkClean(problems, `${name} page`);
      await page.close();
    }
  }
}

// A store of the sample history and the injected-name capture, published.
function storeSite() {
  const store = path.join(work, 'store');
  fs.rmSync(store, { recursive: true, force: true });
  const history = path.join(path.resolve(args.samples), 'history');
  const files = fs.readdirSync(history).filter((f) => f.endsWith('.json.gz')).map((f) => path.join(history, f));
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  execFileSync(args.cli, ['store', 'add', '--store', store, ...files, '--branch', 'main'], quiet);
  execFileSync(args.cli, ['store', 'add', '--store', store, hostileCapture(path.join(work, 'store-hostile')), '--branch', 'main',
    '--commit', '"><script>window.__injected = 6</script>'], quiet);
  const site = path.join(work, 'store-site');
  execFileSync(args.cli, ['publish', '--store', store, '--out', site, '--repo-url', 'https://example.org/repo', '--force'], quiet);
  return pathToFileURL(path.join(site, 'index.html')).href;
}

async function checkStorePage(browser) {
  const url = storeSite();
  const { page, problems } = await openPage(browser, url);
  const tabs = await checkTabs(page);
  const seen = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    const commits = [...document.links].filter((a) => a.closest('td') && /\/commit\//.test(a.href));
    return {
      twice: ids.filter((id, i) => ids.indexOf(id) !== i),
      badges: [...document.images].map((i) => ({ src: i.getAttribute('src'), drawn: i.complete && i.naturalWidth > 0 })),
      commits: commits.length,
      foreign: commits.filter((a) => !a.href.startsWith('https://example.org/repo/commit/')).length,
      injected: window.__injected,
      text: document.body.innerText.includes('"><script>window.__injected = 6</script>'),
      histories: [...document.querySelectorAll('h3')].filter((h) => h.textContent.startsWith('History of')).length,
    };
  });
  check(seen.twice.length === 0, `store page: every id is unique (twice: ${seen.twice.join(' ')})`);
  check(seen.badges.length === 2 && seen.badges.every((b) => b.drawn), `store page: a badge per suite, each drawn (${JSON.stringify(seen.badges)})`);
  check(seen.commits >= 7 && seen.foreign === 0, `store page: every commit links into the repository (${seen.commits}, ${seen.foreign} elsewhere)`);
  check(seen.injected === undefined && seen.text, 'store page: the injected commit shows as text and runs nothing');
  check(seen.histories >= 1, `store page: the history is shown (${seen.histories})`);
  checkClean(problems, 'store page');
  await page.setViewport({ width: 375, height: 667 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 375, `store page at 375 px does not scroll sideways (scroll width ${wide})`);
  await page.close();
  return tabs;
}

async function main() {
  const site = path.join(work, 'site');
  const samples = path.resolve(args.samples);
  const url = publish([path.join(samples, 'local'), path.join(samples, 'published'), path.join(samples, 'history')], site);
  const hostileSite = path.join(work, 'hostile-site');
  const hostileUrl = publish([hostileCapture(path.join(work, 'hostile'))], hostileSite);
  const sameRevisionUrl = publish(sameRevisionCaptures(path.join(work, 'same-revision')), path.join(work, 'same-revision-site'));

  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: [...(process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : []), '--disable-gpu', '--allow-file-access-from-files'],
  });
  try {
    const { page, problems } = await openPage(browser, url);
    const tabs = await checkTabs(page);
    await checkKeys(page);
    const downloads = await checkDownloads(page, site);
    checkClean(problems, 'sample page');
    if (args.screenshots) {
      fs.mkdirSync(args.screenshots, { recursive: true });
      // The first suite with tabs, as a reader following its permalink sees it.
      screenshotSuite = await page.$eval('[role="tablist"]', (list) => list.closest('section').id);
      const fresh = await openPage(browser, `${url}#${screenshotSuite}`);
      await fresh.page.screenshot({ path: path.join(args.screenshots, 'publish-1280.png') });
      await fresh.page.close();
    }
    await page.close();
    await checkPermalink(browser, url);

    const narrow = await openPage(browser, url, { width: 375 });
    const wide = await narrow.page.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 375, `at 375 px the page does not scroll sideways (scroll width ${wide})`);
    if (args.screenshots) {
      await narrow.page.goto(`${url}#${screenshotSuite}`, { waitUntil: 'load' });
      await narrow.page.screenshot({ path: path.join(args.screenshots, 'publish-375.png') });
    }
    await narrow.page.close();

    const plain = await openPage(browser, url, { javaScript: false });
    const noScript = await plain.page.evaluate(() => ({
      panels: document.querySelectorAll('[role="tabpanel"]').length,
      shown: [...document.querySelectorAll('[role="tabpanel"]')].filter((p) => !p.hidden && p.offsetHeight > 0).length,
      tables: [...document.querySelectorAll('table')].filter((t) => t.offsetHeight > 0).length,
      all: document.querySelectorAll('table').length,
    }));
    check(noScript.panels > 0 && noScript.shown === noScript.panels, `without JavaScript every panel shows (${noScript.shown}/${noScript.panels})`);
    check(noScript.tables === noScript.all, `without JavaScript every table shows (${noScript.tables}/${noScript.all})`);
    await plain.page.close();

    const hostile = await openPage(browser, hostileUrl);
    await checkTabs(hostile.page);
    const injected = await hostile.page.evaluate(() => ({
      flag: window.__injected,
      images: [...document.images].filter((i) => i.getAttribute('src') === 'x').length,
      iframes: document.querySelectorAll('iframe').length,
      text: document.body.innerText.includes('<img src=x onerror=alert(1)>'),
      scriptLinks: [...document.links].filter((a) => /^javascript:/i.test(a.getAttribute('href'))).length,
    }));
    check(injected.flag === undefined, 'the injected names ran no script');
    check(injected.images === 0 && injected.iframes === 0, 'the injected names made no element');
    check(injected.text, 'the injected participant name shows as text');
    check(injected.scriptLinks === 0, 'a javascript: source is not made a link');
    checkClean(hostile.problems, 'injected-name page');
    await hostile.page.close();
    const same = await openPage(browser, sameRevisionUrl);
    const sameIds = await same.page.evaluate(() => {
      const seen = new Set();
      const twice = [];
      for (const e of document.querySelectorAll('[id]')) {
        if (seen.has(e.id)) twice.push(e.id);
        seen.add(e.id);
      }
      return {
        twice,
        sets: document.querySelectorAll('[role="tablist"]').length,
        missing: document.querySelectorAll('.chart-missing').length,
        charts: document.querySelectorAll('.chart-box svg').length,
        text: document.body.innerText.includes('</title><script>'),
      };
    });
    check(sameIds.twice.length === 0, `two captures of one revision: every id is unique (twice: ${sameIds.twice.join(' ')})`);
    check(sameIds.sets >= 2, `two captures of one revision: a tab set each (${sameIds.sets})`);
    check(sameIds.missing === 0 && sameIds.charts > 0, `a name with markup keeps every chart (${sameIds.charts} drawn, ${sameIds.missing} missing)`);
    check(sameIds.text, 'the name with markup shows as text');
    const sameTabs = await checkTabs(same.page);
    check(await same.page.evaluate(() => window.__injected) === undefined, 'the name with markup ran no script');
    checkClean(same.problems, 'same-revision page');
    await same.page.close();
    await checkAuthoredPages(browser);
    const storeTabs = await checkStorePage(browser);
    console.log(`publish-page: ${tabs + sameTabs + storeTabs} tabs clicked, ${downloads} downloads checked`);
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.log(`FAIL: ${error.stack || error}`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
