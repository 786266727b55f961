export * from './area-page.js';
