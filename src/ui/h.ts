export { h, Fragment } from 'preact';
