import { startRouter } from './shell/router.ts';

const nav = document.getElementById('nav');
const main = document.getElementById('app');
if (!nav || !main) throw new Error('index.html is missing #nav or #app');
startRouter(nav, main);
