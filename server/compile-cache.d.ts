// Types of server/compile-cache.js (JavaScript: server/main.js imports it before the compile cache is on).
export declare const COMPILE_CACHE_DIR: string;
export declare function enableCompileCacheHere(): { flush: () => void };
