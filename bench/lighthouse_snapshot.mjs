// Lighthouse's accessibility audits on the LIVE app (bench/lighthouse.py): a navigation
// report audits the page as it is when the load settles, which may still be the first
// screen while Python starts; this opens the page, waits until the app is interactive
// and takes a Lighthouse snapshot of it (mobile screen, as the navigation run).
// usage: node lighthouse_snapshot.mjs TOOL_DIR URL CHROME FLAGS_JSON INTERACTIVE_JS OUT_JSON
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";

const [toolDir, pageUrl, chrome, flagsJson, interactiveJs, out] = process.argv.slice(2);
const require = createRequire(path.join(toolDir, "node_modules") + "/");
const puppeteer = require("puppeteer-core");
const { startFlow } = await import(url.pathToFileURL(path.join(toolDir, "node_modules", "lighthouse", "core", "index.js")).href);

const browser = await puppeteer.launch({ executablePath: chrome, headless: true, args: JSON.parse(flagsJson) });
try {
  const page = await browser.newPage();
  // Lighthouse's mobile screen (moto g power)
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const flow = await startFlow(page, { config: { extends: "lighthouse:default",
                                                 settings: { onlyCategories: ["accessibility"] } } });
  await page.goto(pageUrl, { waitUntil: "domcontentloaded", timeout: 240000 });
  await page.waitForFunction(interactiveJs, { timeout: 240000, polling: 100 });
  await flow.snapshot({ name: "the live app" });
  const result = await flow.createFlowResult();
  fs.writeFileSync(out, JSON.stringify(result.steps[0].lhr));
} finally {
  await browser.close();
}
