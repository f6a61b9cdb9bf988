// Search engines (issue 18): the site's address, canonical links and indexing, robots.txt, sitemap.xml, share images
// and the page's structured data. Pure: used by the server and the page shell alike.
export * from './site-address';
export * from './indexing';
export * from './robots';
export * from './sitemap';
export * from './share-image';
export * from './structured-data';
export * from './sold-car';
