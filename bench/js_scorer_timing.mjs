// The timing loop of bench/bench_js_scorer.py, the same in node and in a
// page (no node API): scores each document with the phone's scorer, first
// once (cold: the first score after a page loads), then ``runs`` samples of
// ``repeat`` scores each (the browser's clock is coarse: a sample times many
// scores), and gives per document {cold_ms, median_ms, min_ms} per score.

export function measure(scoreMatch, docs, { runs = 30, repeat = 20 } = {}) {
  const out = {};
  for (const [name, doc] of Object.entries(docs)) {
    let start = performance.now();
    const result = scoreMatch(doc);
    const cold = performance.now() - start;
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      start = performance.now();
      for (let i = 0; i < repeat; i += 1) scoreMatch(doc);
      samples.push((performance.now() - start) / repeat);
    }
    samples.sort((a, b) => a - b);
    out[name] = {
      hands: result.hands.length,
      cold_ms: cold,
      median_ms: samples[Math.floor(samples.length / 2)],
      min_ms: samples[0],
    };
  }
  return out;
}
