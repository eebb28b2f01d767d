// OlimpIA's intent classifier: multinomial naive Bayes (wink-naive-bayes-text-classifier) over n-grams of the
// folded, delexicalised text ("quanto custa a _peca _marca do _veiculo"), trained at start from the labelled
// train split (src/domain/assistant/training/train.json). Nothing is downloaded; training takes a few ms.
import winkNaiveBayes from 'wink-naive-bayes-text-classifier';

export interface Prediction {
  intent: string;
  /** 0..1: the winner's share of the probability mass (softmax over the labels' log odds). */
  confidence: number;
  /** The runner-up, for multi-intent and low-confidence decisions. */
  second: { intent: string; confidence: number } | null;
}

/** Features of a delexicalised text: words, word pairs and character trigrams of the longer words (typos). */
export function features(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    out.push(w);
    if (i + 1 < words.length) out.push(`${w}+${words[i + 1]}`);
    if (w.length >= 3 && !w.startsWith('_')) {
      const padded = `<${w}>`;
      for (let j = 0; j + 3 <= padded.length; j++) out.push(`#${padded.slice(j, j + 3)}`);
    }
  }
  if (words.length === 0) out.push('_vazio');
  return out;
}

export class IntentClassifier {
  private readonly nb = winkNaiveBayes();
  readonly labels: string[];

  constructor(examples: { text: string; intent: string }[]) {
    // Presence (not counts) and light smoothing: chosen on the dev split (intent accuracy 76/80 against 73/80
    // with Laplace smoothing).
    this.nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.1 });
    this.nb.definePrepTasks([features]);
    for (const e of examples) this.nb.learn(e.text, e.intent);
    this.nb.consolidate();
    this.labels = [...new Set(examples.map((e) => e.intent))];
  }

  predict(text: string): Prediction {
    const odds = this.nb.computeOdds(text) as [string, number][];
    if (odds.length === 0 || odds[0]![0] === 'unknown') return { intent: 'unknown', confidence: 0, second: null };
    // One-vs-rest log2 odds → a distribution over the labels.
    const max = odds[0]![1];
    const weights = odds.map(([label, o]) => [label, 2 ** Math.max(-60, o - max)] as const);
    const total = weights.reduce((s, [, w]) => s + w, 0);
    const [first, second] = weights;
    return {
      intent: first![0],
      confidence: first![1] / total,
      second: second ? { intent: second[0], confidence: second[1] / total } : null,
    };
  }
}
