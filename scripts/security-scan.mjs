#!/usr/bin/env node
// Electron's security linter (@doyensec/electronegativity) over our Electron sources and the built app. The tool
// exits 0 whatever it finds, and its SARIF report carries no severity (only "warning" / "note"), so we run it
// through its own runner: it writes the SARIF report (kept in .cache/security/ for CI logs) and hands back the
// same findings in the same order with their severity. Fails on any HIGH or MEDIUM finding.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity/dist/runner.js');
const reportDir = join(root, '.cache/security');
mkdirSync(reportDir, { recursive: true });

const BLOCKING = new Set(['HIGH', 'MEDIUM']);
const targets = ['electron', 'out'];
const findings = [];
for (const target of targets) {
  const input = join(root, target);
  if (!existsSync(input)) {
    console.error(`security scan: ${target}/ is missing (run npm run build first)`);
    process.exit(1);
  }
  const output = join(reportDir, `electronegativity-${target}.sarif`);
  rmSync(output, { force: true });
  const result = await run(
    { input, output, isSarif: true, isRelative: true, isVerbose: false, electronVersionOverride: '45.0.0' },
    false,
  );
  // writeIssues writes the report asynchronously: wait for it.
  let sarif = null;
  for (let i = 0; i < 100 && !sarif; i++) {
    try {
      sarif = JSON.parse(readFileSync(output, 'utf8'));
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  if (!sarif) {
    console.error(`security scan: no SARIF report for ${target}/`);
    process.exit(1);
  }
  const results = sarif.runs?.[0]?.results ?? [];
  if (results.length !== result.issues.length) {
    console.error(`security scan: the SARIF report of ${target}/ disagrees with the runner's findings`);
    process.exit(1);
  }
  results.forEach((entry, i) => {
    const issue = result.issues[i];
    const location = entry.locations?.[0]?.physicalLocation;
    findings.push({
      rule: entry.ruleId,
      severity: issue.id === entry.ruleId ? issue.severity.name : 'HIGH',
      confidence: issue.confidence.name,
      where: `${target}/${location?.artifactLocation?.uri ?? '?'}:${location?.region?.startLine ?? '?'}`,
      message: entry.message?.text ?? '',
    });
  });
}

const blocking = findings.filter((f) => BLOCKING.has(f.severity));
for (const f of findings)
  console.log(`${f.severity.padEnd(13)} ${f.confidence.padEnd(9)} ${f.rule}  ${f.where}  ${f.message}`);
console.log(`security scan: ${findings.length} findings, ${blocking.length} HIGH or MEDIUM`);
process.exit(blocking.length ? 1 : 0);
