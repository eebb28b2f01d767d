// Types for the small part of wink-naive-bayes-text-classifier that OlimpIA uses (the package ships none).
declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: ((input: string) => string[])[]): number;
    learn(input: string, label: string): boolean;
    consolidate(): boolean;
    computeOdds(input: string): [string, number][];
    predict(input: string): string;
  }
  export default function winkNaiveBayes(): NaiveBayesTextClassifier;
}
