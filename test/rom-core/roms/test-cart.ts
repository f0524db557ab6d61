/** A 2 KB cartridge: the usual header into the BIOS; the game stores the key in iRAM 20h, asks
 * for a copy table that sets the colour register A3h to 2Ah, starts the clock counting up, then stores every further key in iRAM 21h. */
export const TEST_CART = `
        org 400h
        jmp 02C3h               ; selectgame
        jmp 0009h               ; irq
        retr                    ; timer: unused
        nop
        jmp 001Ah               ; vsyncirq
        jmp start
        jmp 0044h               ; soundirq
start:  mov r0,#20h
        mov @r0,a               ; the key selectgame handed over
        mov r0,#3Eh
        mov @r0,#40h            ; clock counts up
        call 00ECh              ; extramenable
        mov r0,#7Fh
        mov a,#1
        movx @r0,a              ; count 1
        dec r0
        mov a,#0A3h
        movx @r0,a              ; register A3h
        dec r0
        mov a,#2Ah
        movx @r0,a              ; data
        dec r0
        call 0132h              ; tableend
keys:   call 013Dh              ; waitforkey: from now on every key lands in iRAM 21h
        mov r0,#21h
        mov @r0,a
        jmp keys
        org 0BFFh
        db 0FFh
`;
