// Dolos (@dodona/dolos-lib) on the units of benchmarks/similarity_candidates.py: reads a JSON list of
// units ({name, files: {author: text}, template, options}) and prints, per unit, every pair's similarity.
// Run from a folder where `npm install @dodona/dolos-lib@3.5.1` was done (see the script's docstring).
import { readFileSync } from "node:fs";
import { Dolos } from "@dodona/dolos-lib";
import { File } from "@dodona/dolos-core";

const units = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = [];
for (const unit of units) {
  const authors = Object.keys(unit.files);
  if (authors.length < 3) { out.push({ name: unit.name, pairs: [] }); continue; }
  const dolos = new Dolos({ language: "python", ...unit.options });
  const files = authors.map((a, i) => new File(`${i}.py`, unit.files[a]));
  const ignored = unit.template ? new File("template.py", unit.template) : undefined;
  const report = await dolos.analyze(files, unit.name, ignored);
  const pairs = report.allPairs().map(p => [authors[Number(p.leftFile.path.split(".")[0])],
                                              authors[Number(p.rightFile.path.split(".")[0])], p.similarity]);
  out.push({ name: unit.name, pairs });
}
process.stdout.write(JSON.stringify(out));
