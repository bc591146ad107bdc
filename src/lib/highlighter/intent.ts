/**
 * Client module of src/plugins/lazy-highlighter: the highlighter chunk starts loading when the reader
 * first points at or focuses a link to another page, before a page opened in the app needs it.
 */
import {listenForNavigationIntent} from './lazy';

if (typeof document !== 'undefined') listenForNavigationIntent();
