// Production entry (`node server/main.ts`, after `npm run build`). React and React Router choose their
// production or development build when first imported, from NODE_ENV: set it before anything loads them.
process.env.NODE_ENV ??= 'production';
await import('./start.ts');
export {};
