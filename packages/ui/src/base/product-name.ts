// spec 1: the product's name, as the header, the sign-up page and the settings page write it. A
// module of its own, so that a page that shows only the name does not load the header's code.
export const PRODUCT_NAME = "Life Admin";
