// `npm start` builds first when there is no build yet, so a fresh clone starts with one command.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('build/server/index.js') || !fs.existsSync('build/client')) {
  console.log('Compilando a loja (primeira execução)...');
  execSync('npm run build', { stdio: 'inherit' });
}
