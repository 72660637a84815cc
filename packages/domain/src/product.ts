// spec 1: the product's name, as every screen, the calendar feed and the emails write it.
export const PRODUCT_NAME = "Life Admin";
