export * from './canon.js';
